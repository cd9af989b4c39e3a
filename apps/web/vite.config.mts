import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { configDefaults } from 'vitest/config';
import { pwaPlugin } from './pwa.vite.mts';

/** Component test files that run in a fresh module graph each (see `test.projects`). */
const ownGraph = [
  'src/features/rooms/components/room-chat-*.test.tsx',
  'src/features/layout/components/top-nav.test.tsx',
];

const brandProduct = process.env.BRAND_PRODUCT ?? 'Fieldcraft';
const brandCompany = process.env.BRAND_COMPANY ?? 'Fieldcraft Consulting';

/** index.html names the product too; it reads the same configuration as the bundle. */
const brandHtml: Plugin = {
  name: 'fieldcraft-brand-html',
  transformIndexHtml: (html) =>
    html.replaceAll(
      '%BRAND_PRODUCT%',
      brandProduct.replace(
        /[&<>"]/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
      ),
    ),
};

/**
 * Three chunks for the two apps main.tsx starts (docs/field-readiness.md, "Budgets" and "The light
 * public app"). Left to automatic splitting that was ~45 small files; on a slow network each costs
 * a round trip and the browser opens only 6 connections per host.
 * - 'public-app': what only the light public app (landing and sign-in for a new visitor) uses;
 * - 'signed-in-start': what only the whole app's start (full-main, the dashboard and its shell) uses;
 * - 'shared-ui': what both use (React DOM, the router, MUI's core, the theme).
 * The entry (main.tsx, which only chooses the app) is left alone, so nothing moves into it.
 */
function startChunks(): Rolldown.CodeSplittingGroup[] {
  const src = (file: string) => path.join(import.meta.dirname, 'src', file);
  const entry = [src('main.tsx')];
  const publicRoots = [src('public/public-main.tsx')];
  const startRoots = [
    'full-main.tsx',
    'features/content/dashboard/components/dashboard-page.tsx',
    'app/routes/signed-in-shell.tsx',
  ].map(src);
  let sets: { publicOnly: Set<string>; signedIn: Set<string>; shared: Set<string> } | undefined;
  // The workspace barrels (libs/*/src/index.ts) re-export everything, but tree-shaking keeps
  // only what is imported; follow a barrel only to the files behind the names a module imports.
  const barrel = /[\\/]libs[\\/]([\w-]+)[\\/]src[\\/]index\.ts$/;
  const namesFrom = (code: string, lib: string) =>
    [
      ...code.matchAll(
        new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']@fieldcraft/${lib}["']`, 'g'),
      ),
    ].flatMap((m) =>
      (m[1] ?? '').split(',').map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      ),
    );
  const behindBarrel = (barrelId: string, names: string[], ctx: Rolldown.ChunkingContext) => {
    const info = ctx.getModuleInfo(barrelId);
    if (!info?.code) return info?.importedIds ?? [];
    const files: string[] = [];
    for (const m of info.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
      const exported = (m[1] ?? '').split(',').map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop() ?? '',
      );
      if (!exported.some((n) => names.includes(n))) continue;
      const base = path.join(path.dirname(barrelId), m[2] ?? '');
      const id = info.importedIds.find(
        (i) => i === base || i.startsWith(`${base}.`) || i.startsWith(`${base}/index.`),
      );
      if (id) files.push(id);
    }
    return files;
  };
  const closure = (roots: string[], ctx: Rolldown.ChunkingContext) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      for (const dep of info?.importedIds ?? []) {
        const lib = barrel.exec(dep)?.[1];
        if (lib && info?.code) {
          seen.add(dep);
          queue.push(...behindBarrel(dep, namesFrom(info.code, lib), ctx));
        } else queue.push(dep);
      }
    }
    return seen;
  };
  const classify = (ctx: Rolldown.ChunkingContext) => {
    if (sets) return sets;
    const first = closure(entry, ctx);
    const publicSet = [...closure(publicRoots, ctx)].filter((m) => !first.has(m));
    const start = closure(startRoots, ctx);
    sets = {
      publicOnly: new Set(publicSet.filter((m) => !start.has(m))),
      signedIn: new Set([...start].filter((m) => !first.has(m) && !publicSet.includes(m))),
      shared: new Set(publicSet.filter((m) => start.has(m))),
    };
    return sets;
  };
  return [
    {
      name: (id, ctx) => (classify(ctx).signedIn.has(id) ? 'signed-in-start' : null),
      // Only the modules named: their dependencies stay where automatic splitting puts them.
      includeDependenciesRecursively: false,
    },
    {
      name: (id, ctx) => (classify(ctx).shared.has(id) ? 'shared-ui' : null),
      includeDependenciesRecursively: false,
    },
    {
      name: (id, ctx) => (classify(ctx).publicOnly.has(id) ? 'public-app' : null),
      includeDependenciesRecursively: false,
    },
  ];
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3333'}`;

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [
    react(),
    brandHtml,
    // Installable app: manifest.webmanifest and the app-shell service worker (docs/field-readiness.md).
    pwaPlugin({
      name: brandProduct,
      shortName: brandProduct,
      description: `${brandProduct}: training content and AI field advisors for construction crews.`,
      themeColor: '#1d2939',
      backgroundColor: '#ffffff',
    }),
  ],
  resolve: { tsconfigPaths: true },
  // Brand names come from configuration (decisions.md "Names"), baked in at build time.
  define: {
    __BRAND_PRODUCT__: JSON.stringify(brandProduct),
    __BRAND_COMPANY__: JSON.stringify(brandCompany),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 4200),
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/v1': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the API preloads the signed-in start's chunks with the server's first
    // view (apps/api/src/plugins/first-view.ts).
    manifest: true,
    // The voice client's AudioWorklet modules must stay same-origin files: the app's CSP
    // (script-src 'self') refuses the data: URLs Vite would inline small assets as.
    assetsInlineLimit: (file) =>
      /[\\/]libs[\\/]voice-client[\\/].*\.js$/.test(file) ? false : undefined,
    rolldownOptions: {
      output: { codeSplitting: { groups: startChunks() } },
      treeshake: {
        // The workspace libs are side-effect free. Saying so lets unused exports of the ui barrel
        // (and contracts' zod schemas) drop out of the entry chunk, keeping landing/login small.
        moduleSideEffects: [
          { test: /[\\/]libs[\\/](ui|contracts)[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['../../tools/vitest-dom-setup.ts', './src/testing/setup-tests.ts'],
    testTimeout: 15_000,
    projects: [
      {
        // Most files run one after the other in one module graph and one happy-dom window, as
        // the API suite does: loading React, MUI and the app's modules once instead of per file
        // took a third of this suite's CPU. Each test still renders its own app and store, and
        // cleanup, msw and storage are reset after every test (setup-tests.ts, msw-server.ts).
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...ownGraph],
          isolate: false,
        },
      },
      // Vite merges arrays, so each project names its own files and the root names none.
      // These need a fresh graph. The room chat's: msw's WebSocket link (their voice server) no
      // longer matches once an earlier file has closed msw's server, and the page's 'Loading...'
      // lasts only while modules and data load, too briefly to see in a warm graph. The top
      // navigation's phone check: after some earlier files, the theme's rule that hides the
      // wide menus was missing from the shared window's style sheets (cause not found).
      { extends: true, test: { name: 'web-own-graph', include: ownGraph } },
    ],
  },
});
