// Bundles apps/api into one ESM file. Workspace libs (tsconfig paths) are inlined;
// npm packages stay external and are loaded from node_modules at run time, so each one the
// bundle imports (or resolves by name) must be a production dependency: the build fails
// otherwise (tools/api-bundle.mjs).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import {
  apiBuildOptions,
  apiOutdir,
  describeUndeclared,
  undeclaredRuntimeImports,
} from './api-bundle.mjs';

rmSync(apiOutdir, { recursive: true, force: true });
const { metafile } = await build(apiBuildOptions);
const packageJson = JSON.parse(readFileSync('package.json', 'utf8'));
const code = Object.fromEntries(
  Object.keys(metafile.outputs)
    .filter((output) => output.endsWith('.mjs'))
    .map((output) => [output, readFileSync(output, 'utf8')]),
);
const undeclared = undeclaredRuntimeImports(metafile, packageJson, code);
if (undeclared.length > 0) {
  console.error(describeUndeclared(undeclared));
  // No half-right bundle left behind for `npm start` or an image build to pick up.
  rmSync(apiOutdir, { recursive: true, force: true });
  process.exit(1);
}
console.log(`api built into ${apiOutdir}/main.mjs (+ its worker threads' files)`);
