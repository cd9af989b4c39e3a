import fp from 'fastify-plugin';
import { defaultTextExtractionLimits, TextExtractor } from '../lib/extraction-workers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads uploaded files' text in worker threads with limits (lib/extraction-workers.ts). */
    textExtractor: TextExtractor;
  }
}

export const textExtractionPlugin = fp(
  async (app) => {
    const extractor = new TextExtractor({
      ...defaultTextExtractionLimits(),
      ...app.config.textExtraction,
    });
    app.decorate('textExtractor', extractor);
    // Files still being read when the app closes resolve as 'interrupted'.
    app.addHook('onClose', async () => extractor.close());
  },
  { name: 'text-extraction', dependencies: ['config'] },
);
