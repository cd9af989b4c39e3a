import fp from 'fastify-plugin';
import type { SpeechEngines } from '../voice/speech/speech.types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Speech synthesis and recognition for the voice runtime; engines are null when missing. */
    speech: SpeechEngines;
  }
}

// Placeholder until the speech engines land: nothing available, text keeps working.
export const speechPlugin = fp(
  async (app) => {
    const engines: SpeechEngines = {
      synthesizer: null,
      recognizer: null,
      missing: ['Speech is not set up on this server yet.'],
      scheduleLanguageModelRebuild: () => undefined,
      close: async () => undefined,
    };
    app.decorate('speech', engines);
    app.addHook('onClose', async () => engines.close());
  },
  { name: 'speech', dependencies: ['config', 'db'] },
);
