// zod compiles object parsers with `new Function` unless told not to. The app's CSP has no
// 'unsafe-eval', so the probe alone would log a CSP violation. Import this module before any
// schema is created (first in main.tsx).
//
// zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there
// when it loads (zod/v4/core `globalConfig`); written here, the setting holds without zod in
// the first load (decision 0124), for every schema built when a contract's chunk arrives.
// zod-config.test.ts checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true })
