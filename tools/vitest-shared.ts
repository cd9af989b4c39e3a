import { fileURLToPath } from 'node:url';

/** Repository root, for configs that live inside a project folder. */
export const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));
