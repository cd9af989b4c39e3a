import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Response } from './support/test';
import { signIn } from './support/app.po';
import { captureScreen, expectAccessible, watchConsole } from './support/checks';
import { ContentManagementPage, NewsroomPage } from './support/content.po';
import { DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { makePdf } from './support/make-pdf';
import { readServerState } from './support/server-state';
import { waitForServiceWorker } from './support/service-worker';
import { PHONE } from './support/devices';

/**
 * Saved for offline use (docs/field-readiness.md): a user saves an assigned PDF and an
 * audio file on a phone, opens both without signal, and a PDF whose access the owner revoked
 * leaves the device at the next sync.
 */
const suffix = Date.now().toString(36);
const wavFile = path.resolve(__dirname, '../../api/src/bootstrap/demo-files/toolbox-talk.wav');
const SAVED_CACHE = 'fieldcraft-saved-files';
const OFFLINE_LINE = 'You are offline. Showing what you saved on this device.';
const OUTDOOR_KEY = 'fieldcraft.outdoor-mode';
const phone = { ...PHONE, serviceWorkers: 'allow' as const };

/** The paths in the saved-files cache. */
function savedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  }, SAVED_CACHE);
}

/** Fetches a URL from the page (through the service worker): status, type and first bytes. */
function fetchFromPage(page: Page, url: string) {
  return page.evaluate(async (u) => {
    try {
      const res = await fetch(u);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        size: bytes.length,
        head: String.fromCharCode(...bytes.slice(0, 5)),
      };
    } catch {
      return 'network error';
    }
  }, url);
}

/** Loads the audio in an <audio> element in the page: its readyState and duration. */
function loadAudio(page: Page, url: string) {
  return page.evaluate(
    (u) =>
      new Promise<{ readyState: number; duration: number } | string>((resolve) => {
        const audio = new Audio();
        audio.preload = 'auto';
        audio.addEventListener('canplay', () =>
          resolve({ readyState: audio.readyState, duration: audio.duration }),
        );
        audio.addEventListener('error', () => resolve(`error ${audio.error?.code}`));
        setTimeout(() => resolve(`timeout, readyState ${audio.readyState}`), 15_000);
        audio.src = u;
      }),
    url,
  );
}

test('a user saves a PDF and audio for offline use, opens both without signal; a revoked PDF leaves the device', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { ownerEmail } = readServerState();
  const pdfTitle = `Lifting plan ${suffix}`;
  const audioTitle = `Night shift briefing ${suffix}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldcraft-offline-'));
  const pdfFile = path.join(dir, 'lifting-plan.pdf');
  writeFileSync(pdfFile, makePdf([['Lifting plan', `Crane C2, run ${suffix}`]]));

  // --- The owner publishes a PDF and an audio file for the user.
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD);
  const manage = new ContentManagementPage(owner);
  await manage.open();
  await manage.create({
    title: pdfTitle,
    description: 'The lift, step by step.',
    type: 'PDF Document',
    file: pdfFile,
  });
  await manage.create({
    title: audioTitle,
    description: 'Read before the night shift.',
    category: 'Listen',
    type: 'Audio File',
    file: wavFile,
  });
  await manage.setAccess(pdfTitle, DEMO_USER.email, true);
  await manage.setAccess(audioTitle, DEMO_USER.email, true);

  // --- The user, on a phone: save both while there is signal.
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, phone);
  const context = page.context();
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  const news = new NewsroomPage(page);
  const pdfRow = news.item(news.read(), pdfTitle);
  const audioRow = news.item(news.listen(), audioTitle);
  await expect(pdfRow).toBeVisible();

  const pdfUrl = await page.evaluate(async (title) => {
    const items = (await (await fetch('/api/dashboard/content')).json()) as {
      title: string;
      url: string;
    }[];
    return items.find((i) => i.title === title)?.url ?? '';
  }, pdfTitle);
  const audioUrl = await page.evaluate(async (title) => {
    const items = (await (await fetch('/api/dashboard/content')).json()) as {
      title: string;
      url: string;
    }[];
    return items.find((i) => i.title === title)?.url ?? '';
  }, audioTitle);
  expect(pdfUrl).toMatch(/^\/api\/files\/\w+\.pdf$/);
  expect(audioUrl).toMatch(/^\/api\/files\/\w+\.wav$/);

  const savePdf = page.getByRole('button', { name: `Save for offline use: ${pdfTitle}` });
  const saveAudio = page.getByRole('button', { name: `Save for offline use: ${audioTitle}` });
  const box = await savePdf.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await savePdf.tap();
  await expect(
    page.getByRole('button', { name: `Remove offline copy: ${pdfTitle}` }),
  ).toBeVisible();
  await saveAudio.tap();
  await expect(
    page.getByRole('button', { name: `Remove offline copy: ${audioTitle}` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(pdfRow.getByText('Saved', { exact: true })).toBeVisible();
  await expect(audioRow.getByText('Saved', { exact: true })).toBeVisible();
  expect(await savedPaths(page)).toEqual([audioUrl, pdfUrl].sort());
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // --- No signal: the dashboard lists both, and both open from the saved copies.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(news.read().getByText(OFFLINE_LINE)).toBeVisible();
  await expect(pdfRow).toBeVisible();
  await expect(audioRow).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'offline dashboard with saved files');
  await captureScreen(page, 'offline-documents');

  // The PDF: a tap opens it in a new tab, answered by the service worker from the saved copy.
  const pdfBytes = readFileSync(pdfFile);
  const pdfAnswers: { status: number; type: string | undefined; fromWorker: boolean }[] = [];
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname === pdfUrl) {
      pdfAnswers.push({
        status: response.status(),
        type: response.headers()['content-type'],
        fromWorker: response.fromServiceWorker(),
      });
    }
  };
  context.on('response', onResponse);
  const opened = context.waitForEvent('page');
  await pdfRow.tap();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(pdfUrl);
  await expect
    .poll(() => pdfAnswers)
    .toContainEqual({ status: 200, type: 'application/pdf', fromWorker: true });
  context.off('response', onResponse);
  await tab.close();
  expect(await fetchFromPage(page, pdfUrl)).toEqual({
    status: 200,
    type: 'application/pdf',
    size: pdfBytes.length,
    head: '%PDF-',
  });
  // The audio plays: the media element's range requests are answered from the saved copy.
  const audio = await loadAudio(page, audioUrl);
  expect(audio).toMatchObject({ readyState: expect.any(Number) });
  if (typeof audio !== 'string') {
    expect(audio.readyState).toBeGreaterThanOrEqual(3);
    // The demo talk is a one-second tone.
    expect(audio.duration).toBeCloseTo(1, 1);
  }
  expect(
    await page.evaluate(async (u) => {
      const res = await fetch(u, { headers: { range: 'bytes=8-11' } });
      return {
        status: res.status,
        range: res.headers.get('content-range'),
        text: await res.text(),
      };
    }, audioUrl),
  ).toMatchObject({ status: 206, range: expect.stringMatching(/^bytes 8-11\/\d+$/), text: 'WAVE' });

  // The outdoor theme passes axe too.
  await page.evaluate((key) => localStorage.setItem(key, 'on'), OUTDOOR_KEY);
  await page.reload();
  await expect(pdfRow).toBeVisible();
  await expectAccessible(page, 'offline dashboard with saved files, outdoor theme');
  await page.evaluate((key) => localStorage.removeItem(key), OUTDOOR_KEY);

  // --- Signal back; the owner revokes the PDF; the user's dashboard loads (the sync).
  await context.setOffline(false);
  await manage.setAccess(pdfTitle, DEMO_USER.email, false);
  await page.reload();
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  await expect(audioRow).toBeVisible();
  await expect(pdfRow).toHaveCount(0);
  await expect.poll(() => savedPaths(page)).toEqual([audioUrl]);

  // --- No signal again: the PDF is gone from the list and the device, the audio is still there.
  await context.setOffline(true);
  await page.reload();
  await expect(news.read().getByText(OFFLINE_LINE)).toBeVisible();
  await expect(audioRow).toBeVisible();
  await expect(pdfRow).toHaveCount(0);
  expect(await savedPaths(page)).toEqual([audioUrl]);
  expect(await fetchFromPage(page, pdfUrl)).toBe('network error');
  expect(await loadAudio(page, audioUrl)).toMatchObject({ readyState: expect.any(Number) });

  await context.setOffline(false);
  expect(problems).toEqual([]);
  await context.close();
  await owner.context().close();
});
