import { beforeEach, expect, it } from 'vitest';
import { seedAssistantLibrary } from './testing/assistant-library';
import { setContentPermission } from '../content/content.repository';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, headersFor, type Identity, type World } from '../test/world';

// POST /api/assistant/messages without a language model: the local advisor's quoted answers.

describeEachDatabase('the assistant chat', (ctx) => {
  let w: World;
  let library: Awaited<ReturnType<typeof seedAssistantLibrary>>;

  beforeEach(async () => {
    w = await createWorld(ctx);
    library = await seedAssistantLibrary(ctx.db);
  });

  const ask = (
    question: string,
    who: Identity = 'OWNER',
    history: { role: 'user' | 'assistant'; text: string }[] = [],
    spoof?: 'OWNER',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/assistant/messages',
      payload: { question, history },
      headers: headersFor(w, who, spoof),
    });

  const gaps = () =>
    ctx.db
      .selectFrom('knowledge_gaps')
      .select(['question', 'agent_id', 'user_id', 'room_id', 'conversation_id'])
      .orderBy('id')
      .execute();

  it('answers an owner from the library with the passage it quotes as a citation', async () => {
    const res = await ask('How deep can a trench be before it needs shoring?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.answered).toBe(true);
    expect(body.text).toMatch(/^From Excavation guide, page 2: .*Trenches 5 feet/);
    expect(body.text).toContain('This is safety-critical');
    expect(body.citations).toEqual([
      {
        contentId: library.excavation,
        title: 'Excavation guide',
        type: 'PDF',
        page: 2,
        url: '/api/files/0123456789abcdef0123456789abcdef.pdf#page=2',
      },
    ]);
    expect(await gaps()).toEqual([]);
  });

  it('uses the recent turns for a follow-up question', async () => {
    const first = 'How deep can a trench be before it needs shoring?';
    const res = await ask('And who inspects it?', 'OWNER', [
      { role: 'user', text: first },
      { role: 'assistant', text: (await ask(first)).json().text },
    ]);
    expect(res.json()).toMatchObject({
      answered: true,
      citations: [{ contentId: library.excavation, page: 2 }],
    });
    expect(res.json().text).toContain('competent person inspects the trench');
  });

  it('never cites an inactive item, and logs the unanswered question as a knowledge gap', async () => {
    const res = await ask('How often do I tie the scaffold to the building?');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answered: false, citations: [] });
    expect(res.json().text).toContain("I couldn't find that in the documents you have access to.");
    expect(JSON.stringify(res.json())).not.toContain('Old scaffold rules');
    expect(await gaps()).toEqual([
      {
        question: 'How often do I tie the scaffold to the building?',
        agent_id: 'assistant-chat',
        user_id: w.owner.id,
        room_id: null,
        conversation_id: null,
      },
    ]);
  });

  it('scopes an ADMIN to what they may see: an item revoked for them is never cited', async () => {
    await setContentPermission(ctx.db, library.concrete, w.admin.id, false);
    const question = 'How long do I keep the slab moist while it cures?';
    const admin = await ask(question, 'ADMIN');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ answered: false, citations: [] });
    expect(admin.json().text).not.toContain('seven days');
    // The owner (and an ADMIN the item is not revoked for) gets it.
    const owner = await ask(question, 'OWNER');
    expect(owner.json()).toMatchObject({
      answered: true,
      citations: [{ contentId: library.concrete, title: 'Concrete notes', page: 2 }],
    });
    expect(owner.json().text).toContain('seven days');
    await setContentPermission(ctx.db, library.concrete, w.admin.id, true);
    expect((await ask(question, 'ADMIN')).json()).toMatchObject({ answered: true });
    expect((await gaps()).map((g) => g.user_id)).toEqual([w.admin.id]);
  });

  it('answers small talk by name without a gap', async () => {
    const res = await ask('Hello!');
    expect(res.json()).toMatchObject({ answered: true, citations: [] });
    expect(res.json().text).toContain('AI Assistant');
    expect(await gaps()).toEqual([]);
  });

  it('refuses a USER (even with a spoofed role header) and nobody signed in; rejects empty questions', async () => {
    expect((await ask('How deep can a trench be?', 'USER')).statusCode).toBe(403);
    const spoofed = await ask('How deep can a trench be?', 'USER', [], 'OWNER');
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await ask('How deep can a trench be?', 'anonymous')).statusCode).toBe(401);
    const empty = await ask('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: { fieldErrors: { question: ['Type a question first'] } },
    });
    expect(await gaps()).toEqual([]);
  });
});
