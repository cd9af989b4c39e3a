// `npm run dev`: the API under tsx watch on API_PORT (3333) and Vite's dev server on
// WEB_PORT (4200) proxying /api and /v1 to it; both reload on change.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './ensure-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureDependencies(root);

const apiPort = process.env.API_PORT ?? '3333';
const env = {
  ...process.env,
  API_PORT: apiPort,
  PORT: apiPort,
  HOST: process.env.HOST ?? '127.0.0.1',
};
// The dev API does not serve the built web app: Vite does.
env.WEB_DIST_DIR = '';

// Each child leads its own process group, so stopping dev also stops what npx started.
const start = (args) => spawn('npx', args, { stdio: 'inherit', env, detached: true });
const children = [
  start([
    'tsx',
    'watch',
    '--clear-screen=false',
    '--tsconfig',
    'apps/api/tsconfig.json',
    'apps/api/src/main.ts',
  ]),
  start(['vite', '--config', 'apps/web/vite.config.mts']),
];
console.log(
  `[fieldcraft] dev: web http://127.0.0.1:${process.env.WEB_PORT ?? 4200}  api http://127.0.0.1:${apiPort}`,
);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
