import { readdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../lib/passwords';
import { openDatabase } from '../plugins/db';
import { exitCode, freePort, startApiProcess } from '../test/api-process';
import { BOUNDARY, multipartHeaders } from '../test/multipart';
import { createScratchDatabase, postgresAvailable, testConfig } from '../test/test-app';
import { sessionCookieFor } from '../test/world';
import { insertUser } from '../people/users.repository';

// Fault: the API process is killed (SIGKILL, no cleanup) in the middle of a 100 MB upload.
// Nothing half-made may remain: no content item, no stored file; the partial temporary file
// is removed when the API starts again. PostgreSQL lets the test see the database while the
// process that owns it is dead.

const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-crash-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const tmpFiles = () => readdirSync(path.join(dataDir, 'uploads', '.tmp'));

describe.skipIf(!postgresAvailable)('the API killed during an upload', () => {
  it('leaves no half item and cleans the temporary file at the next start', async () => {
    const scratch = await createScratchDatabase('postgres');
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.config.databaseUrl ?? '',
      DATABASE_SCHEMA: scratch.config.databaseSchema ?? '',
      UPLOAD_TEMP_MAX_AGE_MINUTES: '0',
    };
    const port = await freePort();
    const first = await startApiProcess(port, env);
    const db = await openDatabase(testConfig(scratch.config));
    try {
      const owner = await insertUser(db, {
        email: 'crash-owner@example.com',
        username: 'crash-owner',
        firstName: 'Cora',
        lastName: 'Owner',
        role: 'OWNER',
        status: 'ACTIVE',
        passwordHash: await hashPassword('password-123'),
        passwordChangeRequired: false,
        requiresReset: false,
      });
      const cookie = await sessionCookieFor(db, owner.id);

      // A 100 MB upload, sent 1 MB at a time; the process dies after about 30 MB.
      const total = 100 * 1024 * 1024;
      const head = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="site-walk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      const chunk = Buffer.alloc(1 << 20);
      Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex').copy(chunk);
      const upload = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/content/upload',
        headers: {
          ...multipartHeaders,
          cookie,
          'content-length': String(head.length + total + tail.length),
        },
      });
      const outcome = new Promise<string>((resolve) => {
        upload.on('response', (res) => resolve(`answered ${res.statusCode}`));
        upload.on('error', (err) => resolve(`failed: ${err.message}`));
      });
      upload.write(head);
      let answeredEarly: string | undefined;
      void outcome.then((o) => (answeredEarly = o));
      for (let sent = 0; sent < 30 * 1024 * 1024 && !answeredEarly; sent += chunk.length) {
        if (!upload.write(chunk)) {
          await Promise.race([new Promise((r) => upload.once('drain', r)), outcome]);
        }
        chunk.fill(0, 0, 24);
      }
      expect(answeredEarly).toBeUndefined();
      // Wait until the server has really written part of it to disk, then kill it.
      await vi.waitFor(
        () => {
          const [file] = tmpFiles();
          expect(file).toBeDefined();
          expect(statSync(path.join(dataDir, 'uploads', '.tmp', file!)).size).toBeGreaterThan(
            1024 * 1024,
          );
        },
        { timeout: 10_000, interval: 50 },
      );
      first.crash();
      await exitCode(first.child);
      expect(await outcome).toMatch(/^failed/);

      // A partial temporary file is left behind, and nothing else.
      expect(tmpFiles()).toHaveLength(1);
      const stored = readdirSync(path.join(dataDir, 'uploads')).filter((f) => !f.startsWith('.'));
      expect(stored).toEqual([]);
      const items = await db.selectFrom('content_items').select('id').execute();
      expect(items).toEqual([]);

      // The next start removes it.
      const second = await startApiProcess(port, env);
      expect(tmpFiles()).toEqual([]);
      expect(second.output()).toContain('removed leftover temporary upload files');
      second.child.kill('SIGTERM');
      expect(await exitCode(second.child)).toBe(0);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  }, 240_000);
});
