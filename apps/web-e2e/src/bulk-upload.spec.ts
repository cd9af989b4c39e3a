import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { LoginPage } from './support/app.po';
import { BulkUploadPage } from './support/bulk-upload.po';
import { captureScreen, watchConsole } from './support/checks';
import { ContentManagementPage } from './support/content.po';
import { OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { readServerState } from './support/server-state';

// Unique per run so the spec also passes against a server that has seen it before.
const suffix = Date.now().toString(36);
const demoFiles = path.resolve(__dirname, '../../api/src/bootstrap/demo-files');

/** A tiny MP3: eight silent MPEG-1 Layer III frames (128 kb/s, 44.1 kHz). */
function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return Buffer.concat(Array.from({ length: 8 }, () => frame));
}

test('owner uploads a PDF, a Word file, an MP3 and a renamed text file at once; only the real three become items', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ownerEmail } = readServerState();
  const page = await (await browser.newContext()).newPage();
  const problems = watchConsole(page);
  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(ownerEmail, OWNER_CHOSEN_PASSWORD);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();

  // Content Management's 'Bulk Upload' button leads here.
  const manage = new ContentManagementPage(page);
  await manage.open();
  await page.getByRole('link', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(/\/bulk-upload$/);
  const bulk = new BulkUploadPage(page);
  await bulk.expectOpen();
  await captureScreen(page, 'bulk-upload');

  const files = {
    pdf: {
      name: `checklist-${suffix}.pdf`,
      mimeType: 'application/pdf',
      buffer: readFileSync(path.join(demoFiles, 'site-safety-checklist.pdf')),
    },
    word: {
      name: `pour-${suffix}.docx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: readFileSync(path.join(demoFiles, 'concrete-pour-procedure.docx')),
    },
    mp3: { name: `radio-${suffix}.mp3`, mimeType: 'audio/mpeg', buffer: mp3() },
    // Text renamed to .pdf: the browser guesses PDF from the name; the server reads the content.
    renamed: {
      name: `notes-${suffix}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('Just notes, not a PDF.\n'),
    },
  };
  const titles = {
    pdf: `Bulk checklist ${suffix}`,
    word: `Bulk pour procedure ${suffix}`,
    mp3: `Bulk radio check ${suffix}`,
    renamed: `Bulk notes ${suffix}`,
  };
  // Keyboard only: Enter on 'Choose Files' opens the browser's file chooser. The locator's
  // press focuses the button right before the key, so nothing can take the focus in between
  // (with focus() then a page-wide Enter, the chooser once never opened on a loaded machine).
  const chooseFiles = page.getByRole('button', { name: 'Choose Files' });
  const chooser = page.waitForEvent('filechooser', { timeout: 30_000 });
  await chooseFiles.press('Enter');
  await expect(chooseFiles).toBeFocused();
  await (await chooser).setFiles(Object.values(files));
  await expect(page.getByRole('heading', { name: 'Files (4)' })).toBeVisible();
  await expect(bulk.row(files.pdf.name).getByText('PDF Document · from the name')).toBeVisible();
  await expect(bulk.row(files.word.name).getByText('Word Document · from the name')).toBeVisible();
  await expect(bulk.row(files.mp3.name).getByText('Audio File · from the name')).toBeVisible();
  await expect(
    bulk.row(files.renamed.name).getByText('PDF Document · from the name'),
  ).toBeVisible();
  for (const key of Object.keys(files) as (keyof typeof files)[]) {
    await bulk.setTitle(files[key].name, titles[key]);
  }

  // Defaults: offline, seen by no one. The MP3 overrides the status: live.
  await page.getByRole('textbox', { name: /^Description/ }).fill(`Uploaded together ${suffix}`);
  await bulk.choose(page, 'Status', 'Offline');
  await bulk.choose(page, 'Who can access', 'No one');
  const radio = bulk.row(files.mp3.name);
  await radio.getByRole('button', { name: `Customize ${files.mp3.name}` }).click();
  await bulk.choose(
    radio.getByRole('group', { name: `Options for ${files.mp3.name}` }),
    'Status',
    'Live',
  );
  await captureScreen(page, 'bulk-upload-files');
  // Every control on the page is at least 44 px tall at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  const small = await page.evaluate(() =>
    // Buttons, links and the tappable box of each text field and select.
    Array.from(document.querySelectorAll('main button, main a, main .MuiInputBase-root'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && box.height < 44)
      .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent}: ${box.height}`),
  );
  expect(small).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Upload 4 files' }).click();
  await expect(bulk.summary()).toHaveText(/3 uploaded, 1 failed/, { timeout: 60_000 });
  for (const key of ['pdf', 'word', 'mp3'] as const) {
    await expect(bulk.row(files[key].name).getByText('Uploaded')).toBeVisible();
    await expect(bulk.row(files[key].name).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  }
  await expect(bulk.row(files.pdf.name).getByText('PDF Document · confirmed')).toBeVisible();
  await expect(bulk.row(files.word.name).getByText('Word Document · confirmed')).toBeVisible();
  await expect(bulk.row(files.mp3.name).getByText('Audio File · confirmed')).toBeVisible();
  const renamed = bulk.row(files.renamed.name);
  await expect(renamed.getByText('Failed')).toBeVisible();
  await expect(renamed.getByText('PDF Document · not confirmed')).toBeVisible();
  await expect(renamed).toContainText(
    'Unsupported file type: the content is not a PDF, Word, text, video or audio file matching its name',
  );
  await expect(renamed.getByRole('button', { name: `Retry ${files.renamed.name}` })).toBeVisible();
  await captureScreen(page, 'bulk-upload-done');

  // Back on Content Management: the three items with the chosen defaults, and nothing else.
  await bulk.summary().getByRole('link', { name: 'Back to Content Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
  for (const key of ['pdf', 'word'] as const) {
    const row = manage.row(titles[key]);
    await expect(row).toBeVisible();
    await expect(row.getByText('OFFLINE', { exact: true })).toBeVisible();
    await expect(row.getByText(`Uploaded together ${suffix}`)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Access (0)' })).toBeVisible();
  }
  await expect(manage.row(titles.mp3).getByText('LIVE', { exact: true })).toBeVisible();
  await expect(manage.row(titles.mp3).getByRole('button', { name: 'Access (0)' })).toBeVisible();
  await expect(manage.row(titles.renamed)).toHaveCount(0);
  const stored = await page.evaluate(async () => {
    const res = await fetch('/api/dashboard/content/manage', { credentials: 'include' });
    return ((await res.json()) as { title: string; type: string }[]).map(
      (i) => `${i.type} ${i.title}`,
    );
  });
  expect(stored).toEqual(
    expect.arrayContaining([`PDF ${titles.pdf}`, `WORD ${titles.word}`, `AUDIO ${titles.mp3}`]),
  );
  expect(stored.filter((s) => s.endsWith(titles.renamed))).toEqual([]);
  expect(problems).toEqual([]);
});
