import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { forgetEmotionStyles } from './emotion-styles';

// Route chunks load lazily and msw answers asynchronously; on a busy CI machine the default
// 1 s for findBy/waitFor is too tight, so tests wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// A browser has window.confirm; happy-dom has none, so the app's confirmations would throw.
// Nobody is there to press OK: it answers false, as a dismissed dialog does. A test that
// confirms spies on it (vi.spyOn(window, 'confirm')) and answers for the person.
if (typeof window !== 'undefined' && typeof window.confirm !== 'function') {
  window.confirm = () => false;
}

// Runs after each file (a setup file runs once per file, also in the shared module graph).
afterAll(forgetEmotionStyles);
