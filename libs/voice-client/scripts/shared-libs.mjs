// The built voice client stands alone: the workspace libraries it imports by alias
// (@fieldcraft/audio) are compiled into <dist>/lib/<name>/ and the alias in the emitted .js and
// .d.ts files becomes a relative path. tsc keeps path aliases as written, hence this step.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '../../..');
const SHARED = { '@fieldcraft/audio': 'libs/audio/tsconfig.lib.json' };

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

const [mode, distArg] = process.argv.slice(2);
const dist = path.resolve(root, distArg ?? 'dist/libs/voice-client');
const libDir = (alias) => path.join(dist, 'lib', alias.split('/')[1]);

if (mode === '--compile') {
  const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
  for (const [alias, project] of Object.entries(SHARED)) {
    execFileSync(
      process.execPath,
      [tsc, '-p', path.join(root, project), '--outDir', libDir(alias)],
      {
        stdio: 'inherit',
      },
    );
  }
} else if (mode === '--link') {
  for (const file of files(dist)) {
    if (!/\.(js|d\.ts)$/.test(file) || file.startsWith(path.join(dist, 'lib') + path.sep)) continue;
    let text = readFileSync(file, 'utf8');
    for (const alias of Object.keys(SHARED)) {
      let rel = path.relative(path.dirname(file), path.join(libDir(alias), 'index'));
      if (!rel.startsWith('.')) rel = `./${rel}`;
      text = text.replaceAll(`'${alias}'`, `'${rel.split(path.sep).join('/')}'`);
    }
    writeFileSync(file, text);
  }
} else {
  console.error('usage: shared-libs.mjs --compile|--link [dist dir]');
  process.exit(2);
}
