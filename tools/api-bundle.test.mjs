// Proves the API build fails when its bundle imports a package the production install leaves
// out: the check on a made-up metafile, then on the real build (esbuild, nothing written).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import {
  apiBuildOptions,
  describeUndeclared,
  packageName,
  resolvedByName,
  undeclaredRuntimeImports,
} from './api-bundle.mjs';

process.chdir(new URL('..', import.meta.url).pathname);

const output = (imports) => ({ outputs: { 'dist/apps/api/main.mjs': { imports } } });
const external = (path, kind = 'import-statement') => ({ path, kind, external: true });

describe('undeclaredRuntimeImports (made-up metafile)', () => {
  const pkg = {
    dependencies: { fastify: '5.0.0', '@aws-sdk/client-s3': '3.0.0' },
    devDependencies: { ws: '8.0.0', vitest: '4.0.0' },
  };

  it('names a devDependency the bundle imports', () => {
    const found = undeclaredRuntimeImports(output([external('fastify'), external('ws')]), pkg);
    assert.deepEqual(found, [
      {
        name: 'ws',
        output: 'dist/apps/api/main.mjs',
        kind: 'import-statement',
        declaredAs: 'devDependencies',
      },
    ]);
    const message = describeUndeclared(found);
    assert.match(message, /ws \(imported by dist\/apps\/api\/main\.mjs; only in devDependencies\)/);
    assert.match(message, /npm ci --omit=dev/);
  });

  it('names a package missing from package.json, dynamic imports too', () => {
    const found = undeclaredRuntimeImports(output([external('left-pad', 'dynamic-import')]), pkg);
    assert.equal(found.length, 1);
    assert.equal(found[0].name, 'left-pad');
    assert.equal(found[0].declaredAs, null);
    assert.match(describeUndeclared(found), /left-pad .*not in package\.json/);
  });

  it('accepts builtins, production dependencies and their subpaths, and inlined modules', () => {
    const found = undeclaredRuntimeImports(
      output([
        external('node:fs'),
        external('node:fs/promises'),
        external('fs'),
        external('worker_threads', 'require-call'),
        external('fastify'),
        external('@aws-sdk/client-s3/dist-es/index.js'),
        { path: 'libs/contracts/src/index.ts', kind: 'import-statement' },
        { path: 'ws', kind: 'import-statement', external: false },
      ]),
      pkg,
    );
    assert.deepEqual(found, []);
    assert.equal(describeUndeclared(found), '');
  });

  it('reports each package once across outputs and subpaths', () => {
    const metafile = {
      outputs: {
        'a.mjs': { imports: [external('ws'), external('ws/lib/sender.js')] },
        'b.mjs': { imports: [external('ws')] },
        'a.mjs.map': { imports: [] },
      },
    };
    assert.deepEqual(
      undeclaredRuntimeImports(metafile, pkg).map((f) => f.name),
      ['ws'],
    );
  });

  it('counts a package resolved by name in the code (createRequire(…).resolve)', () => {
    const code = {
      'dist/apps/api/main.mjs':
        'const p = createRequire(import.meta.url).resolve("@node-rs/argon2");\n' +
        "const q = require.resolve('left-pad/index.js'); path.resolve('dist');\n" +
        // esbuild's name for a local `require` that clashes with another
        'const r = require2.resolve("is-even");',
    };
    assert.deepEqual(
      resolvedByName(code['dist/apps/api/main.mjs']).map((i) => i.path),
      ['@node-rs/argon2', 'left-pad/index.js', 'is-even'],
    );
    const found = undeclaredRuntimeImports(output([]), pkg, code);
    assert.deepEqual(
      found.map((f) => [f.name, f.kind]),
      [
        ['@node-rs/argon2', 'require-resolve'],
        ['left-pad', 'require-resolve'],
        ['is-even', 'require-resolve'],
      ],
    );
    const declared = {
      ...pkg,
      dependencies: { '@node-rs/argon2': '2.0.0', 'left-pad': '1.0.0', 'is-even': '1.0.0' },
    };
    assert.deepEqual(undeclaredRuntimeImports(output([]), declared, code), []);
  });

  it('maps specifiers to package names', () => {
    assert.equal(packageName('ws'), 'ws');
    assert.equal(packageName('ws/lib/x.js'), 'ws');
    assert.equal(packageName('@node-rs/argon2'), '@node-rs/argon2');
    assert.equal(packageName('@aws-sdk/lib-storage/dist/x.js'), '@aws-sdk/lib-storage');
    assert.equal(packageName('./local.js'), null);
    assert.equal(packageName('node:fs'), null);
  });
});

describe('the real API build', () => {
  const packageJson = JSON.parse(readFileSync('package.json', 'utf8'));
  let metafile;
  let code;
  const undeclared = (pkg) => undeclaredRuntimeImports(metafile, pkg, code);

  it('bundles (nothing written)', async () => {
    const result = await build({ ...apiBuildOptions, write: false, logLevel: 'silent' });
    metafile = result.metafile;
    // Only the code, as tools/build-api.mjs reads it: a source map quotes every source.
    code = Object.fromEntries(
      result.outputFiles
        .filter((f) => f.path.endsWith('.mjs'))
        .map((f) => [relative('.', f.path), f.text]),
    );
    assert.ok(code['dist/apps/api/main.mjs'], 'the bundle is dist/apps/api/main.mjs');
    const imported = Object.values(metafile.outputs).flatMap((o) => o.imports);
    assert.ok(
      imported.some((i) => i.external && i.path === 'fastify'),
      'fastify stays external',
    );
    assert.ok(
      !imported.some((i) => i.path.startsWith('@fieldcraft/')),
      'workspace libs are inlined, not imported',
    );
  });

  it('imports only production dependencies with package.json as it is', () => {
    assert.deepEqual(undeclared(packageJson), []);
  });

  it('fails naming ws when ws is only a devDependency', () => {
    const { ws, ...dependencies } = packageJson.dependencies;
    assert.ok(ws, 'ws is a production dependency');
    const before = { ...packageJson, dependencies, devDependencies: { ws } };
    const found = undeclared(before);
    assert.deepEqual(
      found.map((f) => [f.name, f.declaredAs]),
      [['ws', 'devDependencies']],
    );
  });

  it('fails naming every production dependency the bundle imports, when one goes missing', () => {
    const imported = new Set(
      Object.values(metafile.outputs)
        .flatMap((o) => o.imports)
        .concat(resolvedByName(code['dist/apps/api/main.mjs']))
        .filter((i) => i.external)
        .map((i) => packageName(i.path))
        .filter((name) => name && name in packageJson.dependencies),
    );
    // The password workers' argon2 is found by name, not imported: still counted.
    assert.ok(imported.has('@node-rs/argon2'), '@node-rs/argon2 is seen');
    assert.ok(imported.has('ws') && imported.has('fastify'));
    for (const name of imported) {
      const { [name]: _, ...dependencies } = packageJson.dependencies;
      const found = undeclared({ ...packageJson, dependencies });
      assert.deepEqual(
        found.map((f) => f.name),
        [name],
      );
    }
  });
});
