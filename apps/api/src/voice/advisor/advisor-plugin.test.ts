import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDefaultAgent } from '../../bootstrap/bootstrap';
import { insertContentItem, replacePassages } from '../../content/content.repository';
import { withEnv } from '../../test/env';
import { describeOnPglite } from '../../test/test-app';
import { type StandIn, startStandIn } from './testing/openai-stand-in';

// The plugin reads LLM_* from the environment when the app starts.
describe('the advisor plugin with LLM_BASE_URL set', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(() => standIn.close());
  withEnv(() => ({ LLM_BASE_URL: standIn.url, LLM_API_KEY: 'env-key', LLM_MODEL: 'env-model' }));

  describeOnPglite('app.advisor', (ctx) => {
    it('answers through the configured model', async () => {
      const agent = await ensureDefaultAgent(ctx.db);
      const user = await ctx.createUser({ email: 'u@example.com' });
      const id = await insertContentItem(ctx.db, {
        title: 'Excavation guide',
        description: '',
        category: 'read',
        type: 'PDF',
        url: null,
      });
      await replacePassages(ctx.db, id, [
        { page: 1, text: 'Trenches 5 feet deep or more need shoring or a trench box.' },
      ]);
      standIn.requests.length = 0;
      const answer = await ctx.app.advisor.answer({
        viewer: { id: user.id, role: 'USER' },
        agent: { ...agent, language: 'en' },
        question: 'How deep can a trench be before it needs shoring?',
        history: [],
        context: [],
        userFirstName: null,
        roomId: null,
        conversationId: null,
      });
      expect(answer.citations).toEqual([
        { contentId: id, title: 'Excavation guide', type: 'PDF', page: 1, url: null },
      ]);
      let text = '';
      for await (const piece of answer.text) text += piece;
      expect(text).toBe(standIn.reply);
      expect(standIn.requests).toHaveLength(1);
      expect(standIn.requests[0]?.headers.authorization).toBe('Bearer env-key');
      expect(standIn.requests[0]?.body.model).toBe('env-model');
    });
  });
});
