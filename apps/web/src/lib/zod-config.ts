import { config } from 'zod/mini'

// zod compiles object parsers with `new Function` unless told not to. The app's CSP has no
// 'unsafe-eval', so the probe alone would log a CSP violation. Import this module before any
// schema is created (first in main.tsx).
config({ jitless: true })
