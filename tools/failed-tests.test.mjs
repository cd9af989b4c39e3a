import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedTestLines } from './failed-tests.mjs';

test('names vitest and Playwright failures once each, without colours or passes', () => {
  const output = [
    'web:  \x1b[31mFAIL\x1b[39m  src/a.test.tsx > page > shows the title',
    'api:  FAIL  |api| src/b.test.ts > limits > refuses',
    'api:  FAIL  src/broken-file.test.ts',
    'web:  ✓ src/ok.test.ts > fine',
    'web-e2e:   1) [chromium] › apps/web-e2e/src/c.spec.ts:75:3 › library on desktop ',
    'web-e2e:     [chromium] › apps/web-e2e/src/c.spec.ts:75:3 › library on desktop ',
    'voice-client:   1) libs/voice-client/browser/d.spec.mts:138:1 › interruption ',
    'web: Tests  1 failed | 372 passed (373)',
  ].join('\n');
  assert.deepEqual(failedTestLines(output), [
    'src/a.test.tsx > page > shows the title',
    '|api| src/b.test.ts > limits > refuses',
    'src/broken-file.test.ts',
    '[chromium] › apps/web-e2e/src/c.spec.ts:75:3 › library on desktop',
    'libs/voice-client/browser/d.spec.mts:138:1 › interruption',
  ]);
});
