import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './test/test-app';

// app.close() on a listening server (SIGTERM in main.ts) while a client's request is being
// answered on a keep-alive connection, as fetch and browsers keep them.
it('close() waits for an answer in flight, then ends its keep-alive connection', async () => {
  const config = testConfig();
  const app = await buildApp(config);
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  app.get('/test/slow', async () => {
    arrived();
    await answered;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  const response = fetch(`http://127.0.0.1:${port}/test/slow`);
  await inFlight;
  const closing = app.close();
  try {
    // Answered only once the server has stopped listening and ended its idle connections.
    await vi.waitFor(() => expect(app.server.listening).toBe(false), { interval: 10 });
    answer();
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    // Not the keep-alive timeout (72 s) later, or when the client hangs up (fetch: 70 s).
    const closed = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still open after 10 s')),
    ]);
    expect(closed).toBe('closed');
  } finally {
    app.server.closeAllConnections();
    await closing;
    rmSync(config.uploadsDir, { recursive: true, force: true });
  }
}, 30_000);
