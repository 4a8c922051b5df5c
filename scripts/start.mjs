// `npm start`: builds whatever is missing or stale, then runs the server in this process.
import { buildIfStale } from './lib/build.mjs'

buildIfStale()
// A variable specifier: the bundle is loaded at run time, not type-checked as a source.
const serverEntry = '../apps/server/dist/server.js'
await import(serverEntry)
