import { fileURLToPath } from 'node:url'

// This module sits one level below apps/server both as source (src/) and bundled (dist/),
// so paths resolved from here are right in tests, in development and in production.
const serverRoot = new URL('../', import.meta.url)

export const migrationsDir = new URL('migrations/', serverRoot)
export const defaultWebDist = fileURLToPath(new URL('../web/dist', serverRoot))

/** What ships with the demo restaurant: its menu file and the pictures it uses. */
export const demoDir = fileURLToPath(new URL('demo/', serverRoot))
export const demoMediaDir = fileURLToPath(new URL('demo/media/', serverRoot))
