import { z } from 'zod';

// Imported first by main.tsx, before any schema exists. zod 4 probes `new Function('')` when
// it builds its first object schema, to compile faster parsers; under the app's CSP (no
// 'unsafe-eval') that probe is refused and reported as a CSP violation on every page that
// loads a schema. jitless skips the probe; parsing is the same, only not code-generated.
z.config({ jitless: true });
