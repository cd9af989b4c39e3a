import { expect, test, type Browser, type BrowserContextOptions, type Page } from './support/test';
import { signIn } from './support/app.po';
import { expectAccessible, watchConsole } from './support/checks';
import { NewsroomPage } from './support/content.po';
import { DEMO_USER } from './support/demo-accounts';
import { DESKTOP, PHONE } from './support/devices';

/**
 * The crew's library, as a crew member uses it on a phone (360 × 740, touch) and at a desk
 * (1280 × 800): finds a document by a word inside it, reads it in the app at the page that
 * matched, downloads it under its own name, resumes an audio where they left it (on another
 * device too), and nothing widens the page. axe in the standard and outdoor themes.
 */
const OUTDOOR_KEY = 'fieldcraft.outdoor-mode';
const AUDIO = 'Toolbox talk: hearing protection';

const layouts: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'phone',
    options: PHONE,
  },
  { name: 'desktop', options: DESKTOP },
];

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function press(page: Page, touch: boolean, target: ReturnType<Page['getByRole']>) {
  if (touch) await target.tap();
  else await target.click();
}

async function bothThemes(page: Page, screen: string) {
  await expectAccessible(page, `${screen} (standard)`);
  await page.evaluate((key) => localStorage.setItem(key, 'on'), OUTDOOR_KEY);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, `${screen} (outdoor)`);
  await page.evaluate((key) => localStorage.removeItem(key), OUTDOOR_KEY);
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/** Plays the audio in the page's player to `seconds`, then pauses (which saves the place). */
async function listenUntil(page: Page, seconds: number) {
  const saved = page.waitForResponse(
    (r) => /\/api\/content\/\d+\/position$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await page.locator('audio').evaluate(async (el: HTMLAudioElement, at) => {
    if (el.readyState < 1)
      await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
    el.muted = true;
    await el.play();
    el.currentTime = at;
    el.pause();
  }, seconds);
  const body = (await saved).request().postDataJSON() as { positionSeconds: number };
  expect(body.positionSeconds).toBeCloseTo(seconds, 0);
}

async function audioTime(page: Page) {
  return page.locator('audio').evaluate(async (el: HTMLAudioElement) => {
    if (el.readyState < 1)
      await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
    // The saved place is applied on loadedmetadata; give the handler its turn.
    await new Promise((r) => setTimeout(r, 50));
    return el.currentTime;
  });
}

for (const layout of layouts) {
  test(`library on ${layout.name}: search, read in the app, download, resume audio`, async ({
    browser,
  }: {
    browser: Browser;
  }) => {
    // Four screens checked in both themes with axe, seven seconds of audio and a second device:
    // over a minute when the machine's two CPUs are shared with the other suites.
    test.setTimeout(180_000);
    const touch = layout.options.hasTouch === true;
    const width = layout.options.viewport?.width ?? 1280;
    const page = await signIn(
      browser,
      DEMO_USER.email,
      DEMO_USER.password,
      undefined,
      layout.options,
    );
    const problems = watchConsole(page);
    const news = new NewsroomPage(page);

    // Rows show type art, durations, and nothing widens the page, a playing Vimeo included.
    await expect(news.item(news.listen(), AUDIO)).toContainText(/\d:\d\d/);
    await press(page, touch, news.item(news.watch(), 'Fall protection walkthrough'));
    await expect(news.watch().locator('iframe')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await news.watch().getByRole('button', { name: 'Stop', exact: true }).click();

    // --- Finds a document by a word inside it.
    const box = page.getByRole('searchbox', { name: 'Search the library' });
    await box.fill('harness');
    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('link', { name: /Site safety checklist/ });
    await expect(hit).toContainText('Page 2');
    await expect(page).toHaveURL(/[?&]q=harness/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await bothThemes(page, `search results @${width}`);
    await expect(hit).toBeVisible();

    // --- Reads it in the app, at the page that matched.
    await press(page, touch, hit);
    await expect(page).toHaveURL(/\/library\/\d+\?page=2$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Site safety checklist' }),
    ).toBeVisible();
    const viewer = page.locator('iframe[title="Site safety checklist (PDF)"]');
    await expect(viewer).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{32}\.pdf#page=2$/);
    const download = page.getByRole('link', { name: 'Download' });
    const fileAnswer = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(fileAnswer.headers()['content-disposition']).toMatch(
      /^attachment; filename="Site safety checklist\.pdf"/,
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await bothThemes(page, `PDF reader @${width}`);

    // Back returns to the same results.
    await page.goBack();
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expect(box).toHaveValue('harness');

    // A Word file, rendered by the server, at its section.
    await box.fill('slab curing');
    const word = page
      .getByRole('list', { name: 'Search results' })
      .getByRole('link', { name: /Concrete pour procedure/ });
    await expect(word).toContainText('Section 2');
    await press(page, touch, word);
    await expect(page.locator('#section-2')).toBeVisible();
    await expect(page.locator('article')).toContainText('seven days');
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await bothThemes(page, `Word reader @${width}`);

    // --- Resumes an audio where they left it.
    await page.goto('/dashboard?kind=listen');
    await press(page, touch, news.item(news.listen(), AUDIO));
    await expect(page.getByRole('heading', { level: 1, name: AUDIO })).toBeVisible();
    await listenUntil(page, 7);
    await page.goto('/dashboard');
    await expect(news.item(news.listen(), AUDIO)).toContainText('Resume at 0:07');
    await press(page, touch, news.item(news.listen(), AUDIO));
    await expect(page.getByText('Resumes at 0:07, where you left off.')).toBeVisible();
    expect(await audioTime(page)).toBeCloseTo(7, 0);
    await bothThemes(page, `audio player @${width}`);

    // The same user on another device continues from there.
    const other = await signIn(
      browser,
      DEMO_USER.email,
      DEMO_USER.password,
      undefined,
      layout.options,
    );
    await other.goto(page.url());
    expect(await audioTime(other)).toBeCloseTo(7, 0);
    await listenUntil(other, 1); // back to the start: saved as 1 s, so it plays from the top
    await other.context().close();

    expect(problems).toEqual([]);
    await page.context().close();
  });
}
