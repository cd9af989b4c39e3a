import fp from 'fastify-plugin';
import type { Advisor } from '../voice/advisor/advisor.types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Field Advisor's brain: cited answers from the content the user may see. */
    advisor: Advisor;
  }
}

// Placeholder until the advisor lands.
export const advisorPlugin = fp(
  async (app) => {
    app.decorate('advisor', {
      answer: async () => ({
        citations: [],
        answered: false,
        text: (async function* () {
          yield 'The advisor is not set up on this server yet.';
        })(),
      }),
    } satisfies Advisor);
  },
  { name: 'advisor', dependencies: ['config', 'db'] },
);
