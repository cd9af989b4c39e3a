import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { signIn } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { ContentManagementPage, NewsroomPage } from './support/content.po';
import { DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { readServerState } from './support/server-state';

// Unique per run so the spec also passes against a server that has seen it before.
const suffix = Date.now().toString(36);
const demoFiles = path.resolve(__dirname, '../../api/src/bootstrap/demo-files');
const pdfFile = path.join(demoFiles, 'site-safety-checklist.pdf');
const wavFile = path.join(demoFiles, 'toolbox-talk.wav');

test('owner publishes content; a user watches, reads and follows links; revoked and offline items stay hidden', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  expect(existsSync(pdfFile) && existsSync(wavFile), 'demo files present').toBe(true);
  const { ownerEmail } = readServerState();

  // --- Owner: the list, the form, uploads and links.
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD);
  const ownerProblems = watchConsole(owner);
  const manage = new ContentManagementPage(owner);
  await manage.open();

  const form = await manage.openForm();
  await form.getByRole('button', { name: 'Create Content' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await captureScreen(owner, 'content-form');
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();

  const pdf = `Rebar spacing ${suffix}`;
  const audio = `Morning briefing ${suffix}`;
  const link = `Code portal ${suffix}`;
  const vimeo = `Pour day ${suffix}`;
  const revoked = `Owner memo ${suffix}`;
  const offline = `Old notice ${suffix}`;
  await manage.create({
    title: pdf,
    description: 'Spacing tables for slabs.',
    type: 'PDF Document',
    file: pdfFile,
  });
  await manage.create({
    title: audio,
    description: 'The morning toolbox talk.',
    category: 'Listen',
    type: 'Audio File',
    file: wavFile,
  });
  await manage.create({
    title: link,
    description: 'The building code portal.',
    type: 'External Link',
    url: `https://example.org/codes-${suffix}`,
  });
  await manage.create({
    title: vimeo,
    description: 'A pour from start to finish.',
    category: 'Watch',
    type: 'Vimeo Video',
    url: 'https://vimeo.com/76979871',
  });
  await manage.create({
    title: revoked,
    description: 'For the owner only.',
    type: 'News Article',
    url: '/news/owner-memo',
  });
  await manage.create({
    title: offline,
    description: 'Superseded.',
    type: 'News Article',
    url: '/news/old',
  });

  await expect(manage.row(pdf).getByText('LIVE', { exact: true })).toBeVisible();
  await expect(manage.row(pdf).getByText('Not clicked yet')).toBeVisible();
  await manage.row(offline).getByRole('button', { name: 'Make Inactive' }).click();
  await expect(manage.toast('Content status updated')).toBeVisible();
  await expect(manage.row(offline).getByText('OFFLINE', { exact: true })).toBeVisible();
  await expect(manage.row(offline).getByRole('button', { name: 'Make Live' })).toBeVisible();
  await manage.setAccess(revoked, DEMO_USER.email, false);
  await expect(manage.row(revoked).getByRole('button', { name: /^Access \(\d+\)$/ })).toBeVisible();
  await owner.evaluate(() => window.scrollTo(0, 0));
  await captureScreen(owner, 'content-management');

  // --- The user: panels, the player, a PDF, an external link.
  const user = await signIn(browser, DEMO_USER.email, DEMO_USER.password);
  const userProblems = watchConsole(user);
  const news = new NewsroomPage(user);
  await expect(news.item(news.read(), pdf)).toBeVisible();
  await expect(news.item(news.read(), link)).toBeVisible();
  await expect(news.item(news.listen(), audio)).toBeVisible();
  await expect(news.item(news.watch(), vimeo)).toBeVisible();
  await expect(user.getByText(revoked)).toHaveCount(0);
  await expect(user.getByText(offline)).toHaveCount(0);

  await expect(news.watch().getByText('Standby', { exact: true })).toBeVisible();
  const uploadedVideo = news.watch().getByRole('button', { name: /Crane hand signals/ });
  if ((await uploadedVideo.count()) > 0) {
    await expect(uploadedVideo.getByText('Uploaded')).toBeVisible();
    await uploadedVideo.click();
    await expect(news.watch().locator('video')).toHaveAttribute('src', /^\/api\/files\//);
    await expect(news.watch().getByText('Playing', { exact: true })).toBeVisible();
    await expect(news.watch().getByRole('group', { name: 'Now Playing' })).toContainText(
      'Crane hand signals',
    );
    await news.watch().getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(news.watch().getByText('Standby', { exact: true })).toBeVisible();
  }
  await news.item(news.watch(), vimeo).click();
  await expect(news.watch().getByText('Playing', { exact: true })).toBeVisible();
  const frame = news.watch().locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?autoplay=1');
  await expect(frame).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-presentation',
  );
  await news.watch().getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(news.watch().getByText('Standby', { exact: true })).toBeVisible();
  await expect(news.watch().locator('iframe')).toHaveCount(0);

  // A PDF opens in the app's reader (the browser's viewer in a frame), not in a new tab.
  await news.item(news.read(), pdf).click();
  await expect(user).toHaveURL(/\/library\/\d+$/);
  await expect(user.locator('iframe[title$="(PDF)"]')).toHaveAttribute(
    'src',
    /^\/api\/files\/[0-9a-f]{32}\.pdf$/,
  );
  await user.goBack();

  await news.item(news.read(), link).click();
  const warning = user.getByRole('dialog', { name: 'External Link Warning' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Continue to External Site' })).toBeVisible();
  await warning.getByRole('button', { name: 'Stay in App' }).click();
  await expect(warning).toBeHidden();
  await user.evaluate(() => window.scrollTo(0, 0));
  await captureScreen(user, 'dashboard-user');
  expect(userProblems).toEqual([]);

  // --- Back to the owner: the clicks show up.
  await manage.open();
  await expect(
    manage.row(pdf).getByText(/^Last clicked (just now|\d+ minutes? ago)$/),
  ).toBeVisible();
  await expect(
    manage.row(link).getByText(/^Last clicked (just now|\d+ minutes? ago)$/),
  ).toBeVisible();
  expect(ownerProblems).toEqual([]);
});
