import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startThreadsFrom, threadEntry } from './thread-entry';

const here = new URL('../voice/speech/preparation-threads.ts', import.meta.url).href;
const bundled = 'speech-preparation-worker.mjs';

/** Starts the speech preparation thread from `entry` and waits for its first word. */
async function firstMessage({ entry, evaluate }: ReturnType<typeof threadEntry>) {
  const worker = new Worker(entry, { eval: evaluate });
  try {
    const [message] = (await once(worker, 'message')) as [{ ready: boolean }];
    return message;
  } finally {
    await worker.terminate();
  }
}

describe('threadEntry', () => {
  afterEach(() => startThreadsFrom(inject('threadBundles')));

  it('from the sources, starts a thread through tsx (tsx watch)', async () => {
    startThreadsFrom(undefined);
    const entry = threadEntry(here, bundled, 'preparation.worker.ts');
    expect(entry.evaluate).toBe(true);
    expect(await firstMessage(entry)).toEqual({ ready: true });
  });

  it('from the sources, starts a thread from the bundles this run built', async () => {
    const entry = threadEntry(here, bundled, 'preparation.worker.ts');
    expect(entry).toEqual({
      entry: new URL(`file://${inject('threadBundles')}/${bundled}`),
      evaluate: false,
    });
    expect(await firstMessage(entry)).toEqual({ ready: true });
  });

  it('from the bundle, starts the file beside it', () => {
    const main = 'file:///srv/fieldcraft/dist/apps/api/main.mjs';
    expect(threadEntry(main, bundled, 'preparation.worker.ts')).toEqual({
      entry: new URL(`file:///srv/fieldcraft/dist/apps/api/${bundled}`),
      evaluate: false,
    });
  });
});
