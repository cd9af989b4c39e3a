import { inject } from 'vitest';
import { startThreadsFrom } from '../lib/thread-entry';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The worker threads' entries, bundled for this run (tools/api-test-threads.mjs). */
    threadBundles: string;
  }
}

startThreadsFrom(inject('threadBundles'));
