import path from 'node:path';

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;

/** The feature folder a path lies in, or null. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at === -1) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

/**
 * ESLint rule: a web feature never imports another feature; features are composed in app/
 * (style-by-example.md, bulletproof-react). Relative specifiers are resolved against the file.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature in apps/web/src/features may not import another feature.' },
    schema: [],
    messages: {
      crossFeature:
        'Feature "{{from}}" may not import feature "{{to}}"; compose features in app/ instead.',
    },
  },
  create(context) {
    const file = path.resolve(context.cwd ?? process.cwd(), context.filename);
    const from = featureOf(file);
    if (!from) return {};
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source.value));
      if (to && to !== from)
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
