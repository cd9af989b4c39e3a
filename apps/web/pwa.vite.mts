/**
 * The installable app, built by the web build (docs/field-readiness.md): writes
 * manifest.webmanifest next to index.html, and sw.js through vite-plugin-pwa ('injectManifest'):
 * src/service-worker/sw.ts bundled with the Workbox modules it imports (nothing loaded from a
 * CDN), the precache manifest (every app-shell file, with a revision for those whose names carry
 * no content hash) written in, and the shell version (a hash of that manifest). A build that
 * changes any shell file therefore changes sw.js, which is how browsers find the update.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin, PluginOption, ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { getManifest } from 'workbox-build';

export interface PwaOptions {
  name: string;
  shortName: string;
  description: string;
  themeColor: string;
  backgroundColor: string;
}

/**
 * Build outputs that belong to the app shell, as Workbox globs them: everything but source maps,
 * the .br/.gz siblings and the worker itself. Files under assets/ carry Vite's content hash in
 * their names, so Workbox gives them no revision; the others get one (an MD5 of the content).
 */
export const SHELL_FILES = {
  globPatterns: ['**/*.{html,js,mjs,css,woff,woff2,ttf,otf,svg,png,ico,webp,webmanifest}'],
  globIgnores: ['sw.js', '**/node_modules/**/*'],
  dontCacheBustURLsMatching: /^assets\//,
  // Workbox skips larger files (2 MiB by default) with a warning: the whole shell or nothing.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
};

/** The shell version: 16 hex digits of a SHA-256 over Workbox's precache manifest for `outDir`. */
export async function shellVersion(outDir: string): Promise<string> {
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: outDir,
    ...SHELL_FILES,
  });
  if (warnings.length > 0) throw new Error(`precache manifest: ${warnings.join('; ')}`);
  const hash = createHash('sha256');
  for (const entry of [...(manifestEntries ?? [])].sort((a, b) => a.url.localeCompare(b.url))) {
    hash
      .update(entry.url)
      .update('\0')
      .update(entry.revision ?? '')
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? listFiles(full, base)
      : [path.relative(base, full).split(path.sep).join('/')];
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
export function precompress(outDir: string): number {
  let count = 0;
  for (const file of listFiles(outDir)) {
    const full = path.join(outDir, file);
    const body = readFileSync(full);
    if (!isCompressible(file, body.length)) continue;
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
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
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

export function pwaPlugin(options: PwaOptions): PluginOption[] {
  let config: ResolvedConfig;
  const outDir = () => path.resolve(config.root, config.build.outDir);
  const appFiles: Plugin = {
    name: 'fieldcraft-pwa',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // Before vite-plugin-pwa globs the output (closeBundle), so the manifest is precached.
    writeBundle() {
      writeFileSync(
        path.join(outDir(), 'manifest.webmanifest'),
        `${JSON.stringify(webManifest(options), null, 2)}\n`,
      );
    },
    // After sw.js is written, so it has its .br/.gz too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config.build.ssr) return;
        config.logger.info(`precompressed: ${precompress(outDir())} files (.br, .gz)`);
      },
    },
  };
  // sw.ts is built by a separate Vite build after the app's; this defines its shell version.
  const version: Plugin = {
    name: 'fieldcraft-shell-version',
    async config() {
      const value = await shellVersion(outDir());
      config.logger.info(`sw.js: shell version ${value}`);
      return { define: { __SHELL_VERSION__: JSON.stringify(value) } };
    },
  };
  return [
    appFiles,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      // register.ts registers /sw.js; index.html links manifest.webmanifest (written above).
      injectRegister: false,
      manifest: false,
      injectManifest: {
        ...SHELL_FILES,
        rollupFormat: 'iife',
        minify: true,
        buildPlugins: { vite: [version] },
      },
    }),
  ];
}
