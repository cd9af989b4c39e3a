import path from 'node:path';

// Files are kebab-case (style-by-example.md, "Naming"); a role suffix such as `.api.ts`
// or `.test.tsx` is made of kebab-case parts too.
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** ESLint rule: the linted file's name must be kebab-case. */
export const filenameCase = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case with an optional role suffix.' },
    schema: [],
    messages: { kebab: 'File name "{{name}}" must be kebab-case (e.g. room-card.tsx).' },
  },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!KEBAB.test(name)) context.report({ node, messageId: 'kebab', data: { name } });
      },
    };
  },
};

export default { rules: { 'filename-case': filenameCase } };
