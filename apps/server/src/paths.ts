import { fileURLToPath } from 'node:url'

// This module sits one level below apps/server both as source (src/) and bundled (dist/),
// so paths resolved from here are right in tests, in development and in production.
const serverRoot = new URL('../', import.meta.url)

export const migrationsDir = new URL('migrations/', serverRoot)
export const defaultWebDist = fileURLToPath(new URL('../web/dist', serverRoot))
