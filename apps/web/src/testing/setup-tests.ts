import { configure } from '@testing-library/react';

// Route chunks load lazily and msw answers asynchronously; on a busy CI machine the default
// 1 s for findBy/waitFor is too tight, so tests wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });
