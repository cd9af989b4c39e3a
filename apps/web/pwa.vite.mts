/**
 * The installable app, built by the web build (docs/field-readiness.md): writes
 * manifest.webmanifest and sw.js next to index.html. sw.js is src/service-worker/sw.ts bundled
 * with esbuild, with the list of app-shell files to precache and a version (a hash of those
 * files' contents) written in. A build that changes any shell file therefore changes sw.js, which
 * is how browsers find the update.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Plugin, ResolvedConfig } from 'vite';

export interface PwaOptions {
  name: string;
  shortName: string;
  description: string;
  themeColor: string;
  backgroundColor: string;
}

/** Build outputs that belong to the app shell: everything but source maps and the worker itself. */
export function isShellFile(relative: string): boolean {
  if (relative.endsWith('.map')) return false;
  if (relative === 'sw.js') return false;
  return /\.(html|js|mjs|css|woff2?|ttf|otf|svg|png|ico|webp|webmanifest)$/.test(relative);
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** Text files worth sending compressed; the API serves the .br/.gz siblings (preCompressed). */
export function isCompressible(relative: string, size: number): boolean {
  return size >= 1024 && /\.(html|js|mjs|css|svg)$/.test(relative);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file, once at build time, so the
 * server never compresses per request (docs/field-readiness.md "Transfer size").
 */
function precompress(outDir: string): number {
  let count = 0;
  for (const file of listFiles(outDir)) {
    const full = path.join(outDir, file);
    const body = readFileSync(full);
    if (!isCompressible(file, body.length)) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

export function webManifest(options: PwaOptions) {
  return {
    name: options.name,
    short_name: options.shortName,
    description: options.description,
    id: '/',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: options.themeColor,
    background_color: options.backgroundColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

export function pwaPlugin(options: PwaOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fieldcraft-pwa',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output) {
      const outDir = output.dir ?? config.build.outDir;
      writeFileSync(
        path.join(outDir, 'manifest.webmanifest'),
        `${JSON.stringify(webManifest(options), null, 2)}\n`,
      );
      const files = listFiles(outDir).filter(isShellFile).sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(outDir, file)));
      const version = hash.digest('hex').slice(0, 16);
      const result = await build({
        entryPoints: [path.join(import.meta.dirname, 'src/service-worker/sw.ts')],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        logLevel: 'silent',
        define: {
          __PRECACHE_URLS__: JSON.stringify(files.map((file) => `/${file}`)),
          __SHELL_VERSION__: JSON.stringify(version),
        },
      });
      const worker = result.outputFiles?.[0];
      if (!worker) throw new Error('esbuild produced no sw.js');
      writeFileSync(path.join(outDir, 'sw.js'), worker.text);
      config.logger.info(`sw.js: ${files.length} app-shell files precached, version ${version}`);
      config.logger.info(`precompressed: ${precompress(outDir)} files (.br, .gz)`);
    },
  };
}
