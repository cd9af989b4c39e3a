// The README's environment table is the one the schema generates, and every variable the code
// reads is in it. Run: node --test tools/env-table.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TOOLING_ENV, currentBlock, documentedVariables, renderBlock } from './env-table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Set by Node, the shell or Vite itself, not by an operator.
const PLATFORM = new Set(['NODE_ENV', 'PATH', 'PROD', 'DEV', 'MODE', 'SSR', 'BASE_URL']);
const READ = [
  /process\.env\.([A-Z][A-Z0-9_]+)/g,
  /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /import\.meta\.env\.([A-Z][A-Z0-9_]+)/g,
  /\benv\.([A-Z][A-Z0-9_]+)/g,
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.nx', 'test-results'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|mjs|cjs|js)$/.test(entry.name)) yield full;
  }
}

/** Variable name → files that read it, across apps/, libs/ and tools/ (tests included). */
function variablesRead() {
  const read = new Map();
  for (const top of ['apps', 'libs', 'tools']) {
    for (const file of sourceFiles(path.join(root, top))) {
      if (file.endsWith('env-table.test.mjs')) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of READ) {
        for (const [, name] of text.matchAll(pattern)) {
          if (PLATFORM.has(name)) continue;
          read.set(name, [...(read.get(name) ?? []), path.relative(root, file)]);
        }
      }
    }
  }
  return read;
}

test("README.md's environment table is the generated one", async () => {
  const current = currentBlock();
  assert.ok(current, 'README.md has its env-table markers');
  assert.equal(current, await renderBlock(), 'stale: run node tools/env-table.mjs --write');
});

test('every variable the code reads is documented, and every tooling entry is read', async () => {
  const { server, tooling } = await documentedVariables();
  const documented = new Set([...server, ...tooling].map((v) => v.name));
  const read = variablesRead();
  // The scan sees reads outside the schema (the model client, the browser suite's config).
  assert.ok(read.has('LLM_BASE_URL') && read.has('CHROMIUM_PATH'), 'the scan finds env reads');
  const undocumented = [...read].filter(([name]) => !documented.has(name));
  assert.deepEqual(
    undocumented.map(([name, files]) => `${name} (${[...new Set(files)].join(', ')})`),
    [],
    'add these to apps/api/src/plugins/env-schema.ts or TOOLING_ENV in tools/env-table.mjs',
  );
  const unread = TOOLING_ENV.filter(({ name }) => !read.has(name)).map(({ name }) => name);
  assert.deepEqual(unread, [], 'documented but read nowhere: remove them from TOOLING_ENV');
  const names = [...server, ...tooling].map((v) => v.name);
  assert.equal(new Set(names).size, names.length, 'each variable is documented once');
});
