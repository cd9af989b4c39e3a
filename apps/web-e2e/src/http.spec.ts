import { expect, test } from './support/test';
import { captureScreen } from './support/checks';

test('an unknown path shows the not-found screen with the path', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await captureScreen(page, 'not-found');
  await page
    .getByRole('link', { name: 'Go to Dashboard' })
    .or(page.getByRole('button', { name: 'Go to Dashboard' }))
    .first()
    .click();
  await expect(page.getByText('Limited Access BETA test environment')).toBeVisible();
});

test('an unknown /api path answers 404 JSON, never the app', async ({ request }) => {
  for (const method of ['get', 'post', 'delete'] as const) {
    const res = await request[method]('/api/no-such-thing');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  }
});

test('malformed JSON answers 400 and an oversized body 413, both as error bodies', async ({
  request,
}) => {
  const bad = await request.post('/api/auth/login', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from('{"email": "owner@fieldcraft.local", '),
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ code: 'INVALID_JSON', error: expect.any(String) });

  // Just over the 1 MiB limit: the server answers from the length and closes, and a body much
  // larger than the socket buffers can still be writing then (EPIPE instead of the answer).
  const huge = await request.post('/api/auth/login', {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({
      email: 'owner@fieldcraft.local',
      password: 'x'.repeat(1024 * 1024 + 64 * 1024),
    }),
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
});

test('pages are served with security headers and the health check answers', async ({ request }) => {
  const page = await request.get('/login');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok' });
});
