import fp from 'fastify-plugin';
import { createAdvisor } from '../voice/advisor/advisor';
import type { Advisor } from '../voice/advisor/advisor.types';
import { type LlmConfig, llmConfigFromEnv } from '../voice/advisor/llm';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Field Advisor's brain: cited answers from the content the user may see. */
    advisor: Advisor;
  }
}

export interface AdvisorPluginOptions {
  /** The chat model; default from LLM_BASE_URL / LLM_API_KEY / LLM_MODEL / LLM_TIMEOUT_MS. */
  llm?: LlmConfig | null;
}

// The model settings are read here, not in plugins/config.ts: docs/voice-advisor.md.
export const advisorPlugin = fp<AdvisorPluginOptions>(
  async (app, options) => {
    const llm = options.llm !== undefined ? options.llm : llmConfigFromEnv();
    if (llm) {
      app.log.info(
        { baseUrl: llm.baseUrl, model: llm.model },
        'advisor answers with a language model',
      );
    }
    app.decorate('advisor', createAdvisor({ db: app.db, log: app.log, llm }));
  },
  { name: 'advisor', dependencies: ['config', 'db'] },
);
