import fs from 'node:fs';
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;

/** The path inside apps/api/src as segments (no extension), or null outside it. */
function apiSegments(file) {
  const at = file.indexOf(SRC);
  if (at === -1) return null;
  return file
    .slice(at + SRC.length)
    .replace(/\.[cm]?[jt]sx?$/, '')
    .split(path.sep);
}

/**
 * What an import target is: a domain's plugin (`<domain>/index.ts`, or the folder itself), a
 * route module (`<domain>/…/*.routes.ts`), or null for everything else (repositories, services,
 * policies, infrastructure), which anyone may import.
 */
function routeKind(target) {
  const segs = apiSegments(target);
  if (!segs) return null;
  if (segs.length === 2 && segs[1] === 'index') return { kind: 'domain', domain: segs[0] };
  if (segs.length === 1 && fs.existsSync(target) && fs.statSync(target).isDirectory())
    return { kind: 'domain', domain: segs[0] };
  if (segs.length >= 2 && segs.at(-1).endsWith('.routes'))
    return { kind: 'routes', domain: segs[0] };
  return null;
}

/**
 * ESLint rule: the API's HTTP layer is reached from the top only (apps/api/README.md,
 * "Layout"). A domain's plugin (`<domain>/index.ts`) is imported by `app.ts` alone; its route
 * modules (`*.routes.ts`) by that domain's `index.ts` alone. Repositories, services and
 * policies are the shared layer: domains, plugins, lib, the voice runtime and the bootstrap may
 * all import them, so nothing below the HTTP layer ever depends on a route.
 */
export const apiLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Only app.ts imports API domain plugins; only they import routes.' },
    schema: [],
    messages: {
      domain:
        'Only apps/api/src/app.ts may import the "{{domain}}" domain plugin; import its repository or service instead.',
      routes:
        'Only {{domain}}/index.ts may import a route module of "{{domain}}"; import its repository or service instead.',
    },
  },
  create(context) {
    const file = path.resolve(context.cwd ?? process.cwd(), context.filename);
    const from = apiSegments(file);
    if (!from) return {};
    const isApp = from.length === 1 && from[0] === 'app';
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = routeKind(path.resolve(path.dirname(file), source.value));
      if (!target) return;
      if (target.kind === 'domain' && !isApp)
        context.report({ node, messageId: 'domain', data: target });
      const ownIndex = from.length === 2 && from[0] === target.domain && from[1] === 'index';
      if (target.kind === 'routes' && !ownIndex)
        context.report({ node, messageId: 'routes', data: target });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
