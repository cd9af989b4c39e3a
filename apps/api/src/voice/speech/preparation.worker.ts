// The entry of one speech-preparation thread (preparation-threads.ts): noise suppression and
// the noise floor for one utterance at a time, off the event loop. Built as its own file next
// to the API's bundle (tools/build-api.mjs: dist/apps/api/speech-preparation-worker.mjs); run
// from the sources through tsx in development and tests.
import { parentPort } from 'node:worker_threads';
import { preloadDenoiser, prepareForRecognition } from './denoise';

export interface PreparationJob {
  id: number;
  samples: Int16Array;
}

export type PreparationReply =
  | { id: number; ok: true; samples: Int16Array; snrDb: number }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('preparation.worker.ts runs as a worker thread');

port.on('message', (job: PreparationJob) => {
  prepareForRecognition(job.samples).then(
    ({ samples, snrDb }) => {
      const reply: PreparationReply = { id: job.id, ok: true, samples, snrDb };
      port.postMessage(reply, [samples.buffer as ArrayBuffer]);
    },
    (err: unknown) => {
      const reply: PreparationReply = { id: job.id, ok: false, message: String(err) };
      port.postMessage(reply);
    },
  );
});

// The WebAssembly module loads while the thread waits for its first utterance.
preloadDenoiser().then(
  () => port.postMessage({ ready: true }),
  (err: unknown) => port.postMessage({ ready: false, message: String(err) }),
);
