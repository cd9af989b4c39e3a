import path from 'node:path';

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/**
 * Where a path lies in apps/web/src: { layer: 'features', feature } for features/<feature>/…,
 * { layer: 'app' | 'shared' } for those folders, or null anywhere else.
 */
function placeOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at === -1) return null;
  const [layer, feature] = file.slice(at + WEB_SRC.length).split(path.sep);
  if (layer === 'features') return feature ? { layer, feature } : null;
  if (layer === 'app' || layer === 'shared') return { layer };
  return null;
}

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/**
 * ESLint rule: the web app's layers (style-by-example.md, bulletproof-react).
 * - A feature never imports another feature; app/ composes them.
 * - A feature never imports app/ (the store, router and layout are composed around it); what
 *   several features need lives in shared/.
 * - shared/ imports no feature and not app/: any feature may import it without a cycle.
 * Tests may import app/ (to render the composed app around what they prove), never another
 * feature. Relative specifiers are resolved against the file.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'apps/web/src layers: features import neither other features nor app/; shared/ imports neither.',
    },
    schema: [],
    messages: {
      crossFeature:
        'Feature "{{from}}" may not import feature "{{to}}"; compose features in app/ instead.',
      featureToApp: 'Feature "{{from}}" may not import app/; move what features share to shared/.',
      sharedToFeature:
        'shared/ may not import feature "{{to}}"; shared code is what any feature may import.',
      sharedToApp: 'shared/ may not import app/; app/ composes shared code, not the other way.',
    },
  },
  create(context) {
    const file = path.resolve(context.cwd ?? process.cwd(), context.filename);
    const from = placeOf(file);
    if (!from || from.layer === 'app') return {};
    const test = isTest(file);
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), source.value));
      if (!to) return;
      if (from.layer === 'features') {
        if (to.layer === 'features' && to.feature !== from.feature)
          context.report({
            node,
            messageId: 'crossFeature',
            data: { from: from.feature, to: to.feature },
          });
        else if (to.layer === 'app' && !test)
          context.report({ node, messageId: 'featureToApp', data: { from: from.feature } });
      } else if (to.layer === 'features') {
        context.report({ node, messageId: 'sharedToFeature', data: { to: to.feature } });
      } else if (to.layer === 'app' && !test) {
        context.report({ node, messageId: 'sharedToApp' });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
