// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { isCompressible, isShellFile, pwaPlugin, webManifest } from '../../pwa.vite.mts';

const options = {
  name: 'Fieldcraft',
  shortName: 'Fieldcraft',
  description: 'Field training',
  themeColor: '#1d2939',
  backgroundColor: '#ffffff',
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fake build output, then the plugin's writeBundle over it, as `vite build` runs it. */
async function build(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fc-pwa-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  const plugin = pwaPlugin(options);
  const config = { build: { outDir: dir }, logger: { info: () => {} } } as unknown as ResolvedConfig;
  (plugin.configResolved as (c: ResolvedConfig) => void)(config);
  await (plugin.writeBundle as (o: { dir: string }) => Promise<void>)({ dir });
  const sw = readFileSync(path.join(dir, 'sw.js'), 'utf8');
  // The precache list is the first array literal of URLs in the bundled worker.
  const precache = JSON.parse(/\[("\/[^\]]*)\]/.exec(sw)?.[0] ?? '[]') as string[];
  return { dir, sw, precache };
}

const base = {
  'index.html': '<!doctype html><script src="/assets/index-a1.js"></script>',
  'assets/index-a1.js': `console.log(${JSON.stringify('x'.repeat(3000))});`,
  'assets/index-a1.js.map': '{}',
  'icons/icon-192.png': 'png',
};

describe('the web build’s installable-app step', () => {
  it('precaches the shell (no source maps, not sw.js) and writes the manifest', async () => {
    const { dir, precache } = await build(base);
    expect(precache.sort()).toEqual(
      ['/assets/index-a1.js', '/icons/icon-192.png', '/index.html', '/manifest.webmanifest'].sort(),
    );
    expect(JSON.parse(readFileSync(path.join(dir, 'manifest.webmanifest'), 'utf8'))).toEqual(webManifest(options));
    // Precompressed siblings for the large text file only.
    expect(existsSync(path.join(dir, 'assets/index-a1.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets/index-a1.js.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false);
  });

  it('changes sw.js when any shell file changes, and only then', async () => {
    const a = await build(base);
    const same = await build(base);
    const changed = await build({ ...base, 'index.html': `${base['index.html']}<!-- next -->` });
    expect(same.sw).toBe(a.sw);
    expect(changed.sw).not.toBe(a.sw);
  });

  it('classifies build outputs', () => {
    expect(isShellFile('assets/app-1.css')).toBe(true);
    expect(isShellFile('assets/font-1.woff2')).toBe(true);
    expect(isShellFile('assets/app-1.js.map')).toBe(false);
    expect(isShellFile('assets/app-1.js.br')).toBe(false);
    expect(isShellFile('sw.js')).toBe(false);
    expect(isCompressible('assets/app.js', 2048)).toBe(true);
    expect(isCompressible('assets/app.js', 100)).toBe(false);
    expect(isCompressible('icons/icon.png', 9000)).toBe(false);
    expect(webManifest(options)).toMatchObject({ display: 'standalone', name: 'Fieldcraft' });
  });
});
