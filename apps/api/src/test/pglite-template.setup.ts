import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * The PGlite folder testConfig() gives every test app: in memory, starting from the migrated
 * template (pglite-template.global.ts) instead of initdb + every migration. The app still runs
 * its migrator, which finds them all applied. Outside this setup it is a plain in-memory PGlite.
 * Any other folder (`memory://`, on-disk scratch databases) starts empty, as before.
 */
export const MIGRATED_PGLITE = 'memory://migrated';

const PATCHED = Symbol.for('fieldcraft.pgliteTemplate');
type Create = ((
  dataDirOrOptions?: string | PGliteOptions,
  options?: PGliteOptions,
) => Promise<PGlite>) & {
  [PATCHED]?: true;
};
const host = PGlite as unknown as { create: Create };

// Once per process: a file's setup runs again in a process that already patched.
if (!host.create[PATCHED]) {
  const original = host.create.bind(PGlite);
  let template: Blob | undefined;
  const create: Create = (dataDirOrOptions, options) => {
    if (dataDirOrOptions === MIGRATED_PGLITE) {
      // Without the global setup (another config) it is a plain in-memory PGlite.
      const file = inject('pgliteTemplate');
      if (file) template ??= new Blob([readFileSync(file)]);
      return original('memory://', { ...options, ...(template && { loadDataDir: template }) });
    }
    return original(dataDirOrOptions, options);
  };
  create[PATCHED] = true;
  host.create = create;
}
