import { afterAll } from 'vitest';
import { removeTestDirs } from './temp-dirs';

// Registered before the file's own hooks, so it runs after them: its apps are closed by then.
afterAll(removeTestDirs);
