// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getManifest } from 'workbox-build';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isCompressible,
  precompress,
  pwaPlugin,
  SHELL_FILES,
  shellVersion,
  webManifest,
} from '../../pwa.vite.mts';

const options = {
  name: 'Fieldcraft',
  shortName: 'Fieldcraft',
  description: 'Field training',
  themeColor: '#1d2939',
  backgroundColor: '#ffffff',
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fake build output, with the manifest written as the build writes it. */
function output(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fc-pwa-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify(webManifest(options)));
  return dir;
}

/** The precache list Workbox writes into sw.js for `dir`, with this build's settings. */
async function precache(dir: string) {
  const { manifestEntries } = await getManifest({ globDirectory: dir, ...SHELL_FILES });
  return manifestEntries ?? [];
}

const base = {
  'index.html': '<!doctype html><script src="/assets/index-a1.js"></script>',
  'assets/index-a1.js': `console.log(${JSON.stringify('x'.repeat(3000))});`,
  'assets/index-a1.js.map': '{}',
  'assets/index-a1.js.br': 'br',
  'icons/icon-192.png': 'png',
  'sw.js': 'self.__WB_MANIFEST',
};

describe('the web build’s installable-app step', () => {
  it('precaches the shell (no source maps, no .br/.gz, not sw.js) and writes the manifest', async () => {
    const entries = await precache(output(base));
    expect(entries.map((e) => e.url).sort()).toEqual(
      ['assets/index-a1.js', 'icons/icon-192.png', 'index.html', 'manifest.webmanifest'].sort(),
    );
    // Hashed build files need no revision; the others are fetched again when their content changes.
    expect(entries.find((e) => e.url === 'assets/index-a1.js')?.revision).toBeNull();
    expect(entries.find((e) => e.url === 'index.html')?.revision).toMatch(/^[0-9a-f]{32}$/);
  });

  it('writes precompressed siblings for large text files only', () => {
    const dir = output(base);
    precompress(dir);
    expect(existsSync(path.join(dir, 'assets/index-a1.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets/index-a1.js.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false);
    expect(readFileSync(path.join(dir, 'manifest.webmanifest'), 'utf8')).toBe(
      JSON.stringify(webManifest(options)),
    );
  });

  it('changes the shell version (so sw.js) when any shell file changes, and only then', async () => {
    const a = await shellVersion(output(base));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(await shellVersion(output(base))).toBe(a);
    expect(
      await shellVersion(output({ ...base, 'index.html': `${base['index.html']}<!-- next -->` })),
    ).not.toBe(a);
    expect(await shellVersion(output({ ...base, 'icons/icon-192.png': 'png2' }))).not.toBe(a);
    expect(await shellVersion(output({ ...base, 'assets/index-b2.js': 'lazy' }))).not.toBe(a);
    // Not shell files: the version stays.
    expect(await shellVersion(output({ ...base, 'assets/index-a1.js.map': '{"v":2}' }))).toBe(a);
    expect(await shellVersion(output({ ...base, 'sw.js': 'other' }))).toBe(a);
  });

  it('builds sw.ts with vite-plugin-pwa (injectManifest), bundling Workbox, without a register script', () => {
    const names = pwaPlugin(options)
      .flat()
      .map((p) => (p && typeof p === 'object' && 'name' in p ? p.name : ''));
    expect(names).toContain('fieldcraft-pwa');
    expect(names).toContain('vite-plugin-pwa:build');
  });

  it('classifies build outputs', () => {
    expect(isCompressible('assets/app.js', 2048)).toBe(true);
    expect(isCompressible('assets/app.js', 100)).toBe(false);
    expect(isCompressible('icons/icon.png', 9000)).toBe(false);
    expect(webManifest(options)).toMatchObject({ display: 'standalone', name: 'Fieldcraft' });
  });
});
