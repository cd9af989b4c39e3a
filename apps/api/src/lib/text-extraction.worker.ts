// The entry of one text-extraction worker thread (lib/extraction-workers.ts): reads one file,
// posts its passages (or why it could not) and ends. Built as its own file next to the API's
// bundle (tools/build-api.mjs: dist/apps/api/text-extraction-worker.mjs); run from the sources
// through tsx in development and tests.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { capPassages, extractFile, renderDocxHtml } from './text-extraction';

export interface ExtractionJob {
  filePath: string;
  ext: string;
  maxChars: number;
  /** Linux niceness for this thread (0 normal … 19 lowest); the event loop keeps 0. */
  niceness: number;
  /** 'html': a Word file rendered to HTML for the reader (one passage), not its text. */
  mode?: 'text' | 'html';
}

export type ExtractionReply =
  | { ok: true; passages: { page: number; text: string }[]; truncated: boolean }
  | { ok: false; message: string };

/** Posted once the thread's code is loaded, when the reading (and the file's time) starts. */
export interface ExtractionStarted {
  started: true;
}

/** Linux: setpriority(2) takes a thread id, which /proc/thread-self names. Elsewhere: no-op. */
function lowerPriority(niceness: number): void {
  if (process.platform !== 'linux' || niceness <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, niceness);
  } catch {
    // no /proc (or not allowed): the thread keeps the process's priority
  }
}

// No top-level await: tsx loads this file as CommonJS from the sources (no "type": "module").
async function main(job: ExtractionJob): Promise<void> {
  lowerPriority(job.niceness);
  const started: ExtractionStarted = { started: true };
  parentPort?.postMessage(started);
  let reply: ExtractionReply;
  try {
    if (job.mode === 'html') {
      const html = await renderDocxHtml(job.filePath);
      reply = { ok: true, passages: [{ page: 1, text: html }], truncated: false };
    } else {
      const passages = await extractFile(job.filePath, job.ext, job.maxChars);
      reply = { ok: true, ...capPassages(passages, job.maxChars) };
    }
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
}

void main(workerData as ExtractionJob);
