import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../db/migrator';
import { pgliteDialect } from '../db/pglite-dialect';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a PGlite data folder with every migration applied (pglite-template.setup.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Once per run: a PGlite created and migrated, saved as a data-folder tar. A new PGlite spends
 * most of its start in initdb and the migrations; loading this tar instead is several times
 * faster, and every test file starts at least one.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const client = await PGlite.create('memory://');
  const db = new Kysely<unknown>({ dialect: pgliteDialect(client) });
  await migrateToLatest(db);
  const dump = await client.dumpDataDir('none');
  await db.destroy();
  const dir = mkdtempSync(path.join(tmpdir(), 'fc-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
