import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedAssistantLibrary } from './testing/assistant-library';
import { withEnv } from '../test/env';
import { describeOnPglite } from '../test/test-app';
import { createWorld, headersFor, type World } from '../test/world';
import { type StandIn, startStandIn } from '../voice/advisor/testing/openai-stand-in';

// POST /api/assistant/messages with LLM_BASE_URL set: a real HTTP server speaking the OpenAI
// chat-completions format writes the answer from the passages the caller may see.

let model: StandIn;
beforeAll(async () => {
  model = await startStandIn();
});
afterAll(() => model.close());
// Read when the app is built (the describe's own beforeAll runs after this one).
withEnv(() => ({ LLM_BASE_URL: model.url }));

describeOnPglite('the assistant chat with a language model', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
    await seedAssistantLibrary(ctx.db);
    model.requests.length = 0;
    model.behaviour = 'stream';
  });

  const ask = (question: string, history: { role: 'user' | 'assistant'; text: string }[] = []) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/assistant/messages',
      payload: { question, history },
      headers: headersFor(w, 'OWNER'),
    });

  it('returns the model’s whole answer with the passages it was given as citations', async () => {
    const res = await ask('How deep can a trench be before it needs shoring?', [
      { role: 'user', text: 'Hello' },
      { role: 'assistant', text: 'Hi, what do you need?' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      text: model.reply,
      answered: true,
      citations: [{ title: 'Excavation guide', page: 2 }],
    });
    expect(model.requests).toHaveLength(1);
    const messages = model.requests[0]!.body.messages;
    expect(messages[0]!.content).toContain("the company's content library");
    expect(messages.slice(1, 3)).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi, what do you need?' },
    ]);
    const last = messages.at(-1)!.content;
    expect(last).toContain('[1] Excavation guide, page 2:');
    // The inactive item never reaches the model either.
    expect(JSON.stringify(messages)).not.toContain('Old scaffold rules');
  });

  it('falls back to the quoted answer when the model fails', async () => {
    model.behaviour = 'http-500';
    const res = await ask('How long do I keep the slab moist while it cures?');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answered: true, citations: [{ title: 'Concrete notes' }] });
    expect(res.json().text).toContain('seven days');
  });

  it('does not call the model for a question the library cannot answer', async () => {
    const res = await ask('What is the capital of France?');
    expect(res.json()).toMatchObject({ answered: false, citations: [] });
    expect(model.requests).toHaveLength(0);
  });
});
