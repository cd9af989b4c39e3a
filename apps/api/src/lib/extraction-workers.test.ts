import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tinyRunsWordFile } from '../test/docx';
import {
  defaultTextExtractionLimits,
  type TextExtractionLimits,
  TextExtractor,
} from './extraction-workers';
import { extractDocx, extractPdf, extractPlainText } from './text-extraction';
import { testDir } from '../test/temp-dirs';

const dir = testDir('fc-extract-');
const demo = (name: string) =>
  readFileSync(new URL(`../bootstrap/demo-files/${name}`, import.meta.url));

function file(name: string, data: Buffer | string): string {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
}

const hostile = file('hostile.docx', tinyRunsWordFile());

describe('text extraction in worker threads', () => {
  const extractors: TextExtractor[] = [];
  const extractor = (limits: Partial<TextExtractionLimits> = {}) => {
    const e = new TextExtractor({ ...defaultTextExtractionLimits(), ...limits });
    extractors.push(e);
    return e;
  };
  afterEach(async () => {
    await Promise.all(extractors.splice(0).map((e) => e.close()));
  });

  it('reads Word, PDF and text files into the same passages as before, on another thread', async () => {
    const e = extractor();
    const docx = demo('concrete-pour-procedure.docx');
    const word = await e.extract(file('procedure.docx', docx), 'docx');
    expect(word).toEqual({ status: 'ok', passages: await extractDocx(docx) });
    expect(word.status === 'ok' && word.passages.length).toBeGreaterThan(1);

    const pdf = demo('site-safety-checklist.pdf');
    const checklist = await e.extract(file('checklist.pdf', pdf), 'pdf');
    expect(checklist).toEqual({ status: 'ok', passages: await extractPdf(new Uint8Array(pdf)) });
    expect(JSON.stringify(checklist)).toContain('full body harness');

    const text = demo('daily-report-template.txt');
    expect(await e.extract(file('report.txt', text), 'txt')).toEqual({
      status: 'ok',
      passages: extractPlainText(text.toString('utf8')),
    });
    // Media and unknown formats have no text; nothing is left running.
    expect(await e.extract(file('song.mp3', 'ID3'), 'mp3')).toEqual({ status: 'ok', passages: [] });
    expect(e.threads).toBe(0);
  });

  it('keeps the first maxChars characters and says the text was cut', async () => {
    const e = extractor({ maxChars: 5000 });
    const paragraphs = Array.from(
      { length: 100 },
      (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`,
    );
    const outcome = await e.extract(file('long.txt', paragraphs.join('\n\n')), 'txt');
    expect(outcome.status).toBe('partial');
    if (outcome.status !== 'partial') return;
    expect(outcome.reason).toBe('too_long');
    expect(outcome.passages.reduce((n, p) => n + p.text.length, 0)).toBe(5000);
    expect(outcome.passages[0]?.text).toMatch(/^Paragraph 0 /);
  });

  it('terminates a thread that runs past the time limit; the caller is answered at the limit', async () => {
    const e = extractor({ timeoutMs: 500 });
    // The limit counts from when the thread has loaded its code: what a small file costs
    // (a thread's start and a trivial read) is the baseline on this machine now.
    let started = Date.now();
    expect(await e.extract(file('small.txt', 'A short note.'), 'txt')).toMatchObject({
      status: 'ok',
    });
    const small = Date.now() - started;
    started = Date.now();
    const outcome = await e.extract(hostile, 'docx');
    expect(outcome).toEqual({ status: 'failed', reason: 'timeout' });
    // Answered at the limit (plus the thread's end), not when mammoth would have finished.
    expect(Date.now() - started).toBeLessThan(small + 2500);
    expect(e.threads).toBe(0);
  });

  it('ends a thread that passes its heap limit: failed for memory, and this process is fine', async () => {
    const e = extractor({ maxHeapMb: 48, timeoutMs: 25_000 });
    const before = process.memoryUsage().rss;
    const outcome = await e.extract(hostile, 'docx');
    expect(outcome).toMatchObject({ status: 'failed', reason: 'memory' });
    expect(e.threads).toBe(0);
    // The thread's heap went with it (mammoth alone wants ~0.9 GB for this file).
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    // The next file is read as usual.
    const docx = demo('concrete-pour-procedure.docx');
    expect((await e.extract(file('after.docx', docx), 'docx')).status).toBe('ok');
  }, 30_000);

  it('reports a damaged file as unreadable, with the reader’s message', async () => {
    const e = extractor();
    const outcome = await e.extract(file('broken.pdf', '%PDF-1.7\nnot really a pdf'), 'pdf');
    expect(outcome).toMatchObject({ status: 'failed', reason: 'unreadable' });
    expect(outcome.status === 'failed' && outcome.detail).toBeTruthy();
  });

  it('runs at most `concurrency` threads; files wait in a bounded queue, past it they are refused', async () => {
    const e = extractor({ concurrency: 1, queue: 1, timeoutMs: 400 });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, e.threads)), 5);
    const outcomes = await Promise.all([
      e.extract(hostile, 'docx'),
      e.extract(hostile, 'docx'),
      e.extract(hostile, 'docx'),
    ]);
    clearInterval(watch);
    expect(outcomes.map((o) => o.status === 'failed' && o.reason)).toEqual([
      'timeout',
      'timeout',
      'busy',
    ]);
    expect(most).toBe(1);
  });

  it('close() ends running and waiting files as interrupted', async () => {
    const e = extractor({ concurrency: 1, timeoutMs: 20_000 });
    const running = e.extract(hostile, 'docx');
    const waiting = e.extract(hostile, 'docx');
    // The first is being read (its thread is up), the second waits for it.
    await vi.waitFor(() => expect([e.threads, e.queued]).toEqual([1, 1]), { timeout: 10_000 });
    await e.close();
    expect(await running).toMatchObject({ status: 'failed', reason: 'interrupted' });
    expect(await waiting).toMatchObject({ status: 'failed', reason: 'interrupted' });
    expect(e.threads).toBe(0);
  });
});
