// The API bundle's esbuild options and the check run on its metafile: every npm package the
// bundle still imports at run time (esbuild leaves them external) must be a production
// dependency, or `npm ci --omit=dev` (the Dockerfile's install) leaves it out and the
// server cannot start (ERR_MODULE_NOT_FOUND). Used by tools/build-api.mjs; proved by
// tools/api-bundle.test.mjs.
import { isBuiltin } from 'node:module';

export const apiOutdir = 'dist/apps/api';

/**
 * Packages the bundle names but never loads: the code path that reaches them runs only from
 * the TypeScript sources (vitest, `tsx watch`), never from dist/apps/api. Each with its why.
 */
export const SOURCES_ONLY = {
  // lib/thread-entry.ts starts a worker thread through tsx only when it runs as a .ts file;
  // the bundle starts text-extraction-worker.mjs (and the others) instead.
  tsx: 'loads worker threads from their .ts sources',
};

/** esbuild options for the API: main.mjs and its worker; npm packages stay external. */
export const apiBuildOptions = {
  // Each worker thread's code is its own file beside main.mjs: a worker thread starts from a
  // file, and lib/thread-entry.ts finds it next to the bundle.
  entryPoints: {
    main: 'apps/api/src/main.ts',
    'text-extraction-worker': 'apps/api/src/lib/text-extraction.worker.ts',
    'speech-preparation-worker': 'apps/api/src/voice/speech/preparation.worker.ts',
  },
  outdir: apiOutdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'apps/api/tsconfig.json',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  metafile: true,
};

/** 'ws' → 'ws', '@aws-sdk/client-s3/dist/x' → '@aws-sdk/client-s3'; null for non-package paths. */
export function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#')) {
    return null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null; // node:, data:, https: …
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Packages the code finds by name at run time, which esbuild cannot see as imports:
 * `require.resolve('x')` and `createRequire(…).resolve('x')` (the password workers load
 * @node-rs/argon2 that way), as metafile-like import records.
 */
export function resolvedByName(code) {
  // esbuild renames a local `require` to require2, require3… when the name is taken.
  const calls = /(?:\brequire\d*|\bcreateRequire\d*\([^()]*\))\.resolve\(\s*(["'`])([^"'`]+)\1/g;
  return [...code.matchAll(calls)].map(([, , path]) => ({
    path,
    kind: 'require-resolve',
    external: true,
  }));
}

/**
 * The external packages each output imports that are not in `packageJson.dependencies`
 * (Node builtins, with or without `node:`, are fine), as
 * `[{ name, output, kind, declaredAs }]`, `declaredAs` being 'devDependencies' or null.
 * `code` (output path → its text), when given, adds the packages resolved by name.
 */
export function undeclaredRuntimeImports(metafile, packageJson, code = {}) {
  const production = new Set([
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(SOURCES_ONLY),
  ]);
  const found = new Map();
  for (const [output, { imports = [] }] of Object.entries(metafile.outputs ?? {})) {
    const byName = code[output] === undefined ? [] : resolvedByName(code[output]);
    for (const { path, kind, external } of [...imports, ...byName]) {
      if (!external || isBuiltin(path)) continue;
      const name = packageName(path);
      if (name === null || production.has(name) || found.has(name)) continue;
      const declaredAs = packageJson.devDependencies?.[name] ? 'devDependencies' : null;
      found.set(name, { name, output, kind, declaredAs });
    }
  }
  return [...found.values()];
}

/** The build's error message for undeclared imports ('' when there are none). */
export function describeUndeclared(undeclared) {
  if (undeclared.length === 0) return '';
  const lines = undeclared.map(
    ({ name, output, declaredAs }) =>
      `  - ${name} (imported by ${output}; ${
        declaredAs ? `only in ${declaredAs}` : 'not in package.json'
      })`,
  );
  return [
    'The API bundle imports packages at run time that are not production dependencies:',
    ...lines,
    'The production install (npm ci --omit=dev, see Dockerfile) would not have them and the',
    'server would fail to start (ERR_MODULE_NOT_FOUND). Move them to "dependencies" in',
    'package.json (exact version), run `npm install`, and commit package-lock.json.',
  ].join('\n');
}
