import path from 'node:path';
import { apiLayers } from './api-layers.mjs';
import { featureBoundaries } from './feature-boundaries.mjs';

// Files are kebab-case (style-by-example.md, "Naming"); a role suffix such as `.api.ts`
// or `.test.tsx` is made of kebab-case parts too.
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
// Kysely migrations are named YYYY_MM_DD_HHMMSS_<what>.ts so they sort into run order.
const MIGRATION = /^\d{4}_\d{2}_\d{2}_\d{6}_[a-z0-9]+(?:_[a-z0-9]+)*\.ts$/;

/** ESLint rule: the linted file's name must be kebab-case. */
export const filenameCase = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case with an optional role suffix.' },
    schema: [],
    messages: {
      kebab: 'File name "{{name}}" must be kebab-case (e.g. room-card.tsx).',
      migration: 'Migration "{{name}}" must be named YYYY_MM_DD_HHMMSS_<what>.ts.',
    },
  },
  create(context) {
    const name = path.basename(context.filename);
    const inMigrations = /[\\/]db[\\/]migrations[\\/]/.test(context.filename);
    const ok = inMigrations ? MIGRATION.test(name) : KEBAB.test(name);
    return {
      Program(node) {
        if (!ok)
          context.report({ node, messageId: inMigrations ? 'migration' : 'kebab', data: { name } });
      },
    };
  },
};

export default {
  rules: {
    'filename-case': filenameCase,
    'feature-boundaries': featureBoundaries,
    'api-layers': apiLayers,
  },
};
