import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { BOUNDARY } from '../test/multipart';
import { describeOnPglite } from '../test/test-app';
import { sessionCookieFor } from '../test/world';

// Short limits so the test sees them act; production defaults are in docs/operating.md.
const HEADERS_MS = 1_000;
const REQUEST_MS = 2_000;
const IDLE_MS = 1_500;

interface Trickle {
  /** Everything the server wrote back before the connection ended. */
  answer: Promise<string>;
  /** Milliseconds from connecting until the server ended the connection. */
  closedAfter: Promise<number>;
  stop(): void;
}

/**
 * A real TCP client against the listening server: sends `head` at once, then `drip` every
 * `everyMs` (forever, until the server cuts it or stop()), like a slowloris client.
 */
function trickle(port: number, head: string, drip: string | null, everyMs = 200): Trickle {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<number>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    });
  });
  socket.on('error', () => undefined); // a reset while dripping is one way of being cut
  socket.on('connect', () => {
    socket.write(head);
    if (drip !== null) {
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip);
      }, everyMs);
    }
  });
  return {
    answer: ended.then(() => Buffer.concat(chunks).toString('utf8')),
    closedAfter: ended,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describeOnPglite(
  'slow clients (slowloris) against the listening server',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      ctx.app.server.closeAllConnections();
    });

    /** Times a plain request from another client while the slow one is connected. */
    async function otherClientMs(cookie?: string): Promise<number> {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/status`, {
        headers: cookie ? { cookie } : {},
      });
      expect(res.status).toBe(200);
      return Date.now() - started;
    }

    async function nothingStored() {
      expect(await ctx.app.storage.list()).toEqual([]);
      const temp = await readdir(path.join(ctx.config.uploadsDir, '.tmp')).catch(() => []);
      expect(temp).toEqual([]);
      expect(await ctx.db.selectFrom('content_items').selectAll().execute()).toEqual([]);
      expect(await ctx.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    }

    it('cuts a client that trickles its headers: 408 REQUEST_TIMEOUT, others served meanwhile', async () => {
      const slow = trickle(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-A: b\r\n');
      try {
        expect(await otherClientMs()).toBeLessThan(1_000);
        const closedAfter = await slow.closedAfter;
        expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_MS - 50);
        expect(closedAfter).toBeLessThan(HEADERS_MS + 3_000);
        const answer = await slow.answer;
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain(
          '{"error":"The request took too long to arrive","code":"REQUEST_TIMEOUT"}',
        );
      } finally {
        slow.stop();
      }
    });

    it('answers unparseable HTTP and oversized headers with the same {error, code} body', async () => {
      const garbage = trickle(port, 'GARBAGE\r\n\r\n', null);
      expect(await garbage.answer).toMatch(
        /^HTTP\/1\.1 400 [^]*\{"error":"Malformed request","code":"BAD_REQUEST"\}$/,
      );
      const huge = trickle(
        port,
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        null,
      );
      expect(await huge.answer).toMatch(
        /^HTTP\/1\.1 431 [^]*\{"error":"The request headers are too large","code":"BAD_REQUEST"\}$/,
      );
    });

    it('cuts a trickled upload: no file, no temporary file, no audit row; others served meanwhile', async () => {
      const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
      const cookie = await sessionCookieFor(ctx.db, owner.id);
      const partHead =
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n` +
        'Content-Type: text/plain\r\n\r\n';
      const head =
        'POST /api/content/upload HTTP/1.1\r\nHost: localhost\r\n' +
        `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${10 * 1024 * 1024}\r\n\r\n${partHead}`;
      // 100 bytes every 200 ms: never idle, never done.
      const slow = trickle(port, head, 'slow text '.repeat(10));
      try {
        // Another client, one request after the other for as long as the slow one is connected.
        let cut = false;
        void slow.closedAfter.then(() => (cut = true));
        let served = 0;
        while (!cut) {
          expect(await otherClientMs(cookie)).toBeLessThan(1_000);
          served += 1;
        }
        expect(served).toBeGreaterThanOrEqual(3);
        const closedAfter = await slow.closedAfter;
        expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_MS - 50);
        expect(closedAfter).toBeLessThan(REQUEST_MS + 3_000);
        expect(await slow.answer).toMatch(/^HTTP\/1\.1 408 [^]*"code":"REQUEST_TIMEOUT"/);
      } finally {
        slow.stop();
      }
      // The handler's stream failed; once its cleanup has run, nothing is left.
      await vi.waitFor(nothingStored, { timeout: 5_000, interval: 50 });
    });

    it('cuts an upload that stops sending (idle connection) and keeps nothing', async () => {
      const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
      const cookie = await sessionCookieFor(ctx.db, owner.id);
      const head =
        'POST /api/content/upload HTTP/1.1\r\nHost: localhost\r\n' +
        `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: 100000\r\n\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; ` +
        'name="file"; filename="idle.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a file';
      const slow = trickle(port, head, null);
      try {
        const closedAfter = await slow.closedAfter;
        expect(closedAfter).toBeGreaterThanOrEqual(IDLE_MS - 50);
        expect(closedAfter).toBeLessThan(REQUEST_MS + 3_000);
      } finally {
        slow.stop();
      }
      await vi.waitFor(nothingStored, { timeout: 5_000, interval: 50 });
    });

    it('cuts a trickled JSON body before any item is created', async () => {
      const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
      const cookie = await sessionCookieFor(ctx.db, owner.id);
      const body = JSON.stringify({
        title: 'Slow item',
        description: 'never arrives',
        type: 'text',
      });
      const head =
        'POST /api/content/create-metadata HTTP/1.1\r\nHost: localhost\r\n' +
        `Cookie: ${cookie}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length + 100_000}\r\n\r\n${body}`;
      const slow = trickle(port, head, ' ');
      try {
        expect(await otherClientMs(cookie)).toBeLessThan(1_000);
        const closedAfter = await slow.closedAfter;
        expect(closedAfter).toBeLessThan(REQUEST_MS + 3_000);
        expect(await slow.answer).toMatch(/^HTTP\/1\.1 408 [^]*"code":"REQUEST_TIMEOUT"/);
      } finally {
        slow.stop();
      }
      await nothingStored();
    });
  },
  {
    config: { serverTimeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, idleMs: IDLE_MS } },
  },
);
