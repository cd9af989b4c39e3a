import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ensureDefaultAgent } from '../../bootstrap/bootstrap';
import { seedDemo } from '../../bootstrap/demo-seed';
import { withEnv } from '../../test/env';
import { describeOnPglite } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import {
  eventIdOf,
  type Frame,
  listen,
  responseText,
  TestSocket,
  textOnlyInit,
  voiceInit,
} from './voice-test-kit';

// With a streaming model (LLM_BASE_URL → a real HTTP server speaking the OpenAI SSE format,
// one word every 40 ms) the answer's text is not known when its first piece is: it streams as
// agent_chat_response_part start/delta…/stop, audio follows sentence by sentence, and
// agent_response carries the full text once it is complete (docs/voice-runtime.md).

const REPLY =
  'According to Site safety checklist, page 2, wear a full body harness above six feet. ' +
  'Clip on to a rated anchor before you climb.';

let model: Server;
beforeAll(async () => {
  model = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const word of REPLY.split(/(?<= )/)) {
        const chunk = { choices: [{ index: 0, delta: { content: word } }] };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        await new Promise((r) => setTimeout(r, 40));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => model.close(() => r())));
// Read when the app is built (the describe's own beforeAll runs after this one).
withEnv(() => ({ LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1` }));

describeOnPglite('answers streamed by a language model', (ctx) => {
  let w: World;
  let base: { ws: string; http: string };
  beforeAll(async () => {
    base = await listen(ctx.app);
  });
  beforeEach(async () => {
    w = await createWorld(ctx);
    await seedDemo(ctx.db, await ensureDefaultAgent(ctx.db), ctx.app.storage);
  });

  const open = async (init: Frame) => {
    const res = await fetch(`${base.http}/api/voice/rooms/${w.rooms.shared}/signed-url`, {
      headers: { cookie: w.cookies.USER ?? '' },
    });
    const { signedUrl } = (await res.json()) as { signedUrl: string };
    const s = await TestSocket.open(signedUrl, { init });
    await s.next('conversation_initiation_metadata');
    await s.next('agent_response');
    return s;
  };
  const part = (f: Frame) => f.text_response_part as { text: string; type: string };

  it('text-only: start, deltas, stop, then agent_response with the full text and citations', async () => {
    const s = await open(textOnlyInit());
    s.send({ type: 'user_message', text: 'When do I need a full body harness?' });
    const start = await s.next('agent_chat_response_part');
    const answer = await s.next('agent_response', undefined, 20_000);
    const id = eventIdOf(answer)!;
    expect(part(start)).toEqual({ text: '', type: 'start', event_id: id });
    const parts = s.all('agent_chat_response_part');
    expect(parts.every((f) => eventIdOf(f) === id)).toBe(true);
    const deltas = parts.filter((f) => part(f).type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(part(parts.at(-1)!).type).toBe('stop');
    // The stop comes right before the full response.
    expect(s.frames.indexOf(answer)).toBe(s.frames.indexOf(parts.at(-1)!) + 1);
    const streamed = deltas.map((f) => part(f).text).join('');
    expect(responseText(answer)).toBe(streamed.trim());
    expect(responseText(answer)).toContain('wear a full body harness above six feet');
    expect(
      (answer.agent_response_event as { attachments?: { name: string }[] }).attachments?.[0],
    ).toMatchObject({ name: 'Site safety checklist' });
    expect(s.all('audio')).toEqual([]);
    await s.close();
  });

  it('voice: the first sentence is spoken while the model still writes; agent_response follows the stop', async () => {
    const s = await open(voiceInit());
    s.send({ type: 'user_message', text: 'When do I need a full body harness?' });
    const start = await s.next('agent_chat_response_part');
    const id = eventIdOf(start)!;
    const firstAudio = await s.next('audio', (f) => eventIdOf(f) === id, 20_000);
    const answer = await s.next('agent_response', (f) => eventIdOf(f) === id, 20_000);
    expect(s.frames.indexOf(firstAudio)).toBeLessThan(s.frames.indexOf(answer));
    expect(responseText(answer)).toContain('Clip on to a rated anchor before you climb.');
    await s.close();
  });
});
