// Over 300 lines: the advisor's behaviour on the demo library, one scenario per test, all on
// one seeded app per database.
import type { ContentItem } from '@fieldcraft/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { multipartBody, multipartHeaders } from '../../test/multipart';
import { describeEachDatabase } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import {
  insertContentItem,
  replacePassages,
  setContentPermission,
} from '../../content/content.repository';
import { ensureDefaultAgent } from '../../bootstrap/bootstrap';
import { seedDemo } from '../../bootstrap/demo-seed';
import { createAdvisor } from './advisor';
import type { Advisor, AdvisorAnswer, AdvisorRequest } from './advisor.types';
import type { LlmConfig } from './llm';
import { type StandIn, startStandIn } from './testing/openai-stand-in';

const DEMO = fileURLToPath(new URL('../../bootstrap/demo-files/', import.meta.url));

async function fullText(answer: AdvisorAnswer): Promise<string> {
  let text = '';
  for await (const piece of answer.text) text += piece;
  return text;
}

describeEachDatabase(
  'the Field Advisor',
  (ctx) => {
    let w: World;
    let library: { excavation: number; concrete: number; lunch: number };

    beforeEach(async () => {
      w = await createWorld(ctx);
      library = await seedLibrary();
    });

    async function item(
      title: string,
      type: ContentItem['type'],
      url: string | null,
      pages: string[],
      extra: { isActive?: boolean } = {},
    ): Promise<number> {
      const id = await insertContentItem(ctx.db, {
        title,
        description: '',
        category: 'read',
        type,
        url,
        ...extra,
      });
      await replacePassages(
        ctx.db,
        id,
        pages.map((text, i) => ({ page: i + 1, text })),
      );
      return id;
    }

    async function seedLibrary() {
      return {
        excavation: await item(
          'Excavation guide',
          'PDF',
          '/api/files/0123456789abcdef0123456789abcdef.pdf',
          [
            'Before you dig. Call the utility locate service two working days before any excavation. Mark the dig area in white paint.',
            'Trenches and excavations.\nTrenches 5 feet (1.5 m) deep or more need a protective system: sloping, shoring or a trench box.\nA competent person inspects the trench every day before work and after rain.\nKeep spoil piles at least 2 feet back from the edge.',
          ],
        ),
        concrete: await item(
          'Concrete notes',
          'WORD',
          '/api/files/fedcba9876543210fedcba9876543210.docx',
          [
            'Before the pour. Check the formwork and the rebar cover.',
            'Curing. Keep the slab moist for at least seven days while it cures. Cover it with wet burlap in hot weather.',
          ],
        ),
        lunch: await item('Friday lunch', 'NEWS', 'https://example.com/lunch', [
          'Friday lunch. Tacos for the whole crew in the site office at noon.',
        ]),
      };
    }

    function request(overrides: Partial<AdvisorRequest> = {}): AdvisorRequest {
      return {
        viewer: { id: w.user.id, role: 'USER' },
        agent: {
          id: w.agent.id,
          agentId: w.agent.agentId,
          name: w.agent.name,
          systemPrompt: w.agent.systemPrompt,
          language: 'en',
        },
        question: '',
        history: [],
        context: [],
        userFirstName: 'Sam',
        roomId: w.rooms.shared,
        conversationId: null,
        ...overrides,
      };
    }

    const ask = (
      question: string,
      overrides: Partial<AdvisorRequest> = {},
      advisor: Advisor = ctx.app.advisor,
    ) => advisor.answer(request({ question, ...overrides }));

    const gaps = () =>
      ctx.db
        .selectFrom('knowledge_gaps')
        .select(['question', 'agent_id', 'room_id', 'user_id', 'conversation_id'])
        .orderBy('id')
        .execute();

    describe('without a language model', () => {
      it('quotes the most relevant sentences and cites title and page, even when not every word matches', async () => {
        const answer = await ask('How deep can a trench be before it needs shoring?');
        expect(answer.answered).toBe(true);
        expect(answer.citations[0]).toEqual({
          contentId: library.excavation,
          title: 'Excavation guide',
          type: 'PDF',
          page: 2,
          url: '/api/files/0123456789abcdef0123456789abcdef.pdf#page=2',
        });
        const text = await fullText(answer);
        expect(text).toMatch(/^From Excavation guide, page 2: /);
        expect(text).toContain('Trenches 5 feet (1.5 m) deep or more need a protective system');
        // Quotes, not the whole page.
        expect(text).not.toContain('spoil piles');
        expect(await gaps()).toEqual([]);
      });

      it('answers in whole sentences that join into the full text', async () => {
        const answer = await ask('How long should I keep the slab moist while curing?');
        const pieces: string[] = [];
        for await (const p of answer.text) pieces.push(p);
        expect(pieces.join('')).toMatch(
          /^From Concrete notes, section 2: Keep the slab moist for at least seven days while it cures\./,
        );
        expect(answer.citations).toEqual([
          expect.objectContaining({ contentId: library.concrete, type: 'WORD', page: 2 }),
        ]);
        for (const p of pieces.slice(1)) expect(p).toMatch(/^ \S/);
      });

      it('cites a page of a real uploaded PDF', async () => {
        const pdf = await readFile(path.join(DEMO, 'site-safety-checklist.pdf'));
        const uploaded = await ctx.app.inject({
          method: 'POST',
          url: '/api/content/upload',
          headers: { cookie: w.cookies.OWNER ?? '', ...multipartHeaders },
          payload: multipartBody('checklist.pdf', pdf),
        });
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/content/create-metadata',
          headers: { cookie: w.cookies.OWNER ?? '' },
          payload: {
            title: 'Site safety checklist',
            description: 'Checklist',
            category: 'read',
            type: 'PDF',
            url: uploaded.json().url,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const { id, url } = created.json() as ContentItem;

        const answer = await ask('When do I need a full body harness?');
        expect(answer.answered).toBe(true);
        expect(answer.citations[0]).toEqual({
          contentId: id,
          title: 'Site safety checklist',
          type: 'PDF',
          page: 2,
          url: `${url}#page=2`,
        });
        expect(await fullText(answer)).toMatch(
          /^From Site safety checklist, page 2: .*full body harness/i,
        );
      });
    });

    describe('what the user may see', () => {
      it('never cites revoked or inactive items, and another user still gets theirs', async () => {
        await setContentPermission(ctx.db, library.excavation, w.user.id, false);
        const revoked = await ask('How deep can a trench be before it needs shoring?');
        expect(revoked.answered).toBe(false);
        expect(revoked.citations).toEqual([]);
        expect(await fullText(revoked)).toMatch(
          /^I couldn't find that in the documents you have access to/,
        );

        const admin = await ask('How deep can a trench be before it needs shoring?', {
          viewer: { id: w.admin.id, role: 'ADMIN' },
        });
        expect(admin.answered).toBe(true);
        expect(admin.citations.map((c) => c.contentId)).toContain(library.excavation);

        await ctx.db
          .updateTable('content_items')
          .set({ is_active: false })
          .where('id', '=', library.concrete)
          .execute();
        for (const viewer of [
          { id: w.user.id, role: 'USER' as const },
          { id: w.owner.id, role: 'OWNER' as const },
        ]) {
          const inactive = await ask('How long should the slab stay moist while curing?', {
            viewer,
          });
          expect(inactive.citations).toEqual([]);
          expect(inactive.answered).toBe(false);
        }
      });

      it("keeps to the agent's knowledge when it has any, still within what the user may see", async () => {
        await ctx.db
          .insertInto('agent_knowledge')
          .values([
            { agent_id: w.agent.id, content_id: library.concrete },
            { agent_id: w.agent.id, content_id: library.lunch },
          ])
          .execute();
        const outside = await ask('How deep can a trench be before it needs shoring?');
        expect(outside.answered).toBe(false);
        expect(outside.citations).toEqual([]);

        const inside = await ask('How long should the slab stay moist while curing?');
        expect(inside.citations.map((c) => c.contentId)).toEqual([library.concrete]);

        await setContentPermission(ctx.db, library.concrete, w.user.id, false);
        expect((await ask('How long should the slab stay moist while curing?')).citations).toEqual(
          [],
        );
      });
    });

    describe('when nothing relevant is found', () => {
      it('says so plainly, suggests who to ask, and logs the question for the owner', async () => {
        await ctx.db
          .insertInto('conversations')
          .values({
            id: 'conv-1',
            agent_id: w.agent.agentId,
            room_id: w.rooms.shared,
            user_id: w.user.id,
          })
          .execute();
        const question = 'What is the capital of France?';
        const answer = await ask(question, { conversationId: 'conv-1' });
        expect(answer).toMatchObject({ answered: false, citations: [] });
        const text = await fullText(answer);
        expect(text).toContain("I couldn't find that in the documents you have access to.");
        expect(text).toMatch(/supervisor/);
        expect(text).toMatch(/add a document/);
        expect(await gaps()).toEqual([
          {
            question,
            agent_id: w.agent.agentId,
            room_id: w.rooms.shared,
            user_id: w.user.id,
            conversation_id: 'conv-1',
          },
        ]);
      });

      it('does not count a weak match (one generic word, one of two specific words) as an answer', async () => {
        const answer = await ask('Who won the football game at the site office yesterday?');
        expect(answer.answered).toBe(false);
        // One of two specific words ("lunch" is in the news item, "budget" nowhere).
        const half = await ask("What is this year's lunch budget?");
        expect(half.answered).toBe(false);
        expect(await gaps()).toHaveLength(2);
      });
    });

    describe('safety-critical topics', () => {
      it('refers an unanswerable safety question to a supervisor', async () => {
        const answer = await ask('What gas readings do I need before entering a confined space?');
        expect(answer.answered).toBe(false);
        const text = await fullText(answer);
        expect(text).toMatch(/confined spaces/);
        expect(text).toMatch(/check with your supervisor/);
        expect(await gaps()).toHaveLength(1);
      });

      it('a cited safety answer names its source and still points to the supervisor', async () => {
        const answer = await ask('Who inspects the trench and when?');
        expect(answer.citations[0]?.contentId).toBe(library.excavation);
        const text = await fullText(answer);
        expect(text).toMatch(
          /^From Excavation guide, page 2: .*competent person inspects the trench/,
        );
        expect(text).toMatch(/supervisor/);
      });
    });

    describe('small talk', () => {
      it.each([
        ['Hello!', /^Hi, Sam! I'm Field Advisor\./],
        ['thanks a lot', /^You're welcome, Sam\./],
        ['Who are you?', /^I'm Field Advisor, Sam\./],
        ['Good morning Field Advisor', /^Hi, Sam!/],
      ])('%s gets a short friendly reply, no citations, no gap', async (question, reply) => {
        const answer = await ask(question);
        expect(answer).toMatchObject({ answered: true, citations: [] });
        expect(await fullText(answer)).toMatch(reply);
        expect(await gaps()).toEqual([]);
      });

      it('a question with nothing to look up asks for more, without logging a gap', async () => {
        const answer = await ask('What about it?');
        expect(answer).toMatchObject({ answered: true, citations: [] });
        expect(await fullText(answer)).toMatch(
          /^Could you tell me a bit more about what you need, Sam\?/,
        );
        expect(await gaps()).toEqual([]);
      });

      it('a greeting followed by a question is a question', async () => {
        const answer = await ask('Hi, how deep can a trench be before it needs shoring?');
        expect(answer.citations[0]?.contentId).toBe(library.excavation);
      });
    });

    describe('follow-up questions', () => {
      it('reads "it" in a short follow-up through the previous question', async () => {
        await item('Scaffold rules', 'PDF', null, [
          'A competent person inspects the scaffold before every shift.',
        ]);
        const history = [
          { role: 'user' as const, text: 'How deep can a trench be before it needs shoring?' },
          { role: 'agent' as const, text: 'From Excavation guide, page 2: …' },
        ];
        const answer = await ask('And who inspects it?', { history });
        expect(answer.citations.map((c) => c.contentId)).toEqual([library.excavation]);
        const text = await fullText(answer);
        expect(text).toMatch(
          /^From Excavation guide, page 2: A competent person inspects the trench/,
        );
        // Still a trench question: the safety reminder comes with it.
        expect(text).toMatch(/check with your supervisor\.$/);

        // Without the earlier question, "inspects" alone could be either document.
        const alone = await ask('Who inspects the scaffold?', { history });
        expect(alone.citations[0]?.title).toBe('Scaffold rules');
      });
    });

    describe('the demo library (SEED_DEMO=1)', () => {
      it('a new user holds a conversation that cites the demo documents', async () => {
        await ctx.db.deleteFrom('content_items').execute();
        await seedDemo(ctx.db, await ensureDefaultAgent(ctx.db), ctx.app.storage);
        const files = await ctx.db
          .selectFrom('content_items')
          .select(['title', 'url'])
          .where('file_key', 'is not', null)
          .execute();
        const urlOf = (title: string) => files.find((f) => f.title === title)?.url;
        const newcomer = await ctx.createUser({
          email: 'newcomer@example.com',
          firstName: 'Robin',
        });
        const viewer = { id: newcomer.id, role: 'USER' as const };

        const conversation: [string, string, number, RegExp][] = [
          [
            'How deep can a trench be before it needs shoring?',
            'Site safety checklist',
            2,
            /Trenches 5 feet \(1\.5 m\) deep or more need a protective system/,
          ],
          ['What angle should a ladder be at?', 'Site safety checklist', 1, /4 to 1 angle/],
          ['When do I need a full body harness?', 'Site safety checklist', 2, /full body harness/],
          ['What PPE do I need on site?', 'Site safety checklist', 1, /hard hat, safety glasses/],
          [
            'How long do we keep the slab wet after the pour?',
            'Concrete pour procedure',
            2,
            /seven days/,
          ],
          ['What should I check before the pour?', 'Concrete pour procedure', 1, /formwork/],
          [
            'Can I stand under a crane load?',
            'Site safety checklist',
            2,
            /Never stand or walk under a suspended load/,
          ],
          [
            'What do I do if I find asbestos?',
            'Site safety checklist',
            2,
            /stop work, keep people away and tell your supervisor/,
          ],
          [
            'Who do I submit the daily report to?',
            'Daily report template',
            1,
            /Submit the report to the superintendent before leaving site/,
          ],
        ];
        const history: AdvisorRequest['history'] = [];
        for (const [question, title, page, quote] of conversation) {
          const answer = await ask(question, {
            viewer,
            userFirstName: 'Robin',
            history: [...history],
          });
          expect(answer.answered, question).toBe(true);
          expect(answer.citations[0], question).toMatchObject({ title, page });
          const url = urlOf(title);
          expect(answer.citations[0]?.url, question).toBe(
            title === 'Site safety checklist' ? `${url}#page=${page}` : url,
          );
          const text = await fullText(answer);
          expect(text, question).toMatch(new RegExp(`^From ${title}`));
          expect(text, question).toMatch(quote);
          history.push({ role: 'user', text: question }, { role: 'agent', text });
        }
        expect(await gaps()).toEqual([]);
      });
    });

    describe('with a language model (a local stand-in speaking the OpenAI format)', () => {
      let standIn: StandIn;
      beforeAll(async () => {
        standIn = await startStandIn();
      });
      afterAll(async () => {
        await standIn.close();
      });
      beforeEach(() => {
        standIn.behaviour = 'stream';
        standIn.requests.length = 0;
      });

      const withModel = (timeoutMs = 5000) => {
        const llm: LlmConfig = {
          baseUrl: standIn.url,
          apiKey: 'test-key',
          model: 'stand-in',
          timeoutMs,
        };
        return createAdvisor({ db: ctx.db, log: ctx.app.log, llm });
      };

      it('streams the model’s answer written from the numbered passages, with history and context', async () => {
        const answer = await ask(
          'How deep can a trench be before it needs shoring?',
          {
            history: [
              { role: 'user', text: 'We start digging the drain run today.' },
              { role: 'agent', text: 'Good to know. What do you need?' },
            ],
            context: ['The user is on the north site, zone B.'],
          },
          withModel(),
        );
        expect(answer.citations[0]?.contentId).toBe(library.excavation);
        const pieces: string[] = [];
        for await (const p of answer.text) pieces.push(p);
        expect(pieces.length).toBeGreaterThan(3);
        expect(pieces.join('')).toBe(standIn.reply);

        expect(standIn.requests).toHaveLength(1);
        const [sent] = standIn.requests;
        expect(sent?.headers.authorization).toBe('Bearer test-key');
        expect(sent?.body).toMatchObject({ model: 'stand-in', stream: true });
        const messages = sent?.body.messages ?? [];
        expect(messages[0]?.role).toBe('system');
        expect(messages[0]?.content).toContain(w.agent.systemPrompt);
        expect(messages[0]?.content).toMatch(/Answer ONLY from the numbered passages/);
        expect(messages[0]?.content).toContain('The user is on the north site, zone B.');
        expect(messages.slice(1, 3)).toEqual([
          { role: 'user', content: 'We start digging the drain run today.' },
          { role: 'assistant', content: 'Good to know. What do you need?' },
        ]);
        const last = messages.at(-1);
        expect(last?.role).toBe('user');
        expect(last?.content).toContain('[1] Excavation guide, page 2:');
        expect(last?.content).toContain('Trenches 5 feet (1.5 m) deep or more');
        expect(last?.content).toMatch(
          /Question: How deep can a trench be before it needs shoring\?$/,
        );
      });

      it('appends the source to a safety answer that names none', async () => {
        standIn.behaviour = 'no-source';
        const answer = await ask(
          'How deep can a trench be before it needs shoring?',
          {},
          withModel(),
        );
        expect(await fullText(answer)).toBe(
          'Keep trenches shored when they are deep. (Source: Excavation guide, page 2.)',
        );
      });

      it.each([
        ['answers HTTP 500', 'http-500' as const],
        ['never answers', 'hang' as const],
      ])('falls back to the quoted answer when the model %s, and logs it', async (_, behaviour) => {
        standIn.behaviour = behaviour;
        const answer = await ask(
          'How deep can a trench be before it needs shoring?',
          {},
          withModel(300),
        );
        const text = await fullText(answer);
        expect(text).toMatch(/^From Excavation guide, page 2: Trenches 5 feet/);
        expect(answer.citations[0]?.contentId).toBe(library.excavation);
        expect(ctx.logs().join('\n')).toContain(
          'the language model failed; answering from the passages',
        );
      });

      it('finishes with the quoted answer when the stream breaks midway', async () => {
        standIn.behaviour = 'break';
        const answer = await ask(
          'How deep can a trench be before it needs shoring?',
          {},
          withModel(2000),
        );
        const text = await fullText(answer);
        expect(text).toMatch(/^According to Excavation /);
        expect(text).toContain(
          'Here is what the document says. From Excavation guide, page 2: Trenches 5 feet',
        );
      });

      it('accepts a server that ignores stream: true and answers one JSON completion', async () => {
        standIn.behaviour = 'json';
        const answer = await ask(
          'How deep can a trench be before it needs shoring?',
          {},
          withModel(),
        );
        expect(await fullText(answer)).toBe(standIn.reply);
      });

      it('stops the model call when the turn is interrupted', async () => {
        standIn.behaviour = 'slow';
        standIn.abandoned = 0;
        const interrupt = new AbortController();
        const answer = await ask(
          'How deep can a trench be before it needs shoring?',
          { signal: interrupt.signal },
          withModel(),
        );
        const pieces: string[] = [];
        for await (const piece of answer.text) {
          pieces.push(piece);
          if (pieces.length === 2) interrupt.abort();
        }
        // Nothing after the interruption, and no fallback quote either.
        expect(pieces.join('')).toBe(
          standIn.reply
            .split(/(?<= )/)
            .slice(0, 2)
            .join(''),
        );
        await vi.waitFor(() => expect(standIn.abandoned).toBe(1));
      });

      it('does not call the model for small talk or when nothing relevant is found', async () => {
        const advisor = withModel();
        await fullText(await ask('thanks', {}, advisor));
        const gap = await ask('What is the capital of France?', {}, advisor);
        expect(gap.answered).toBe(false);
        await fullText(gap);
        expect(standIn.requests).toEqual([]);
      });
    });
  },
  { config: { logLevel: 'warn' } },
);
