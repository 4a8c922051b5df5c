// `npm run backup [-- --to FILE]` and `npm run restore -- FILE [--replace]`: builds the server
// if it is stale, then runs its backup command line.
import { spawnSync } from 'node:child_process'
import { buildIfStale, root } from './lib/build.mjs'

buildIfStale({ only: ['server'], log: (line) => process.stderr.write(`${line}\n`) })
const result = spawnSync(
  process.execPath,
  [`${root}apps/server/dist/backup-cli.js`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
process.exitCode = result.status ?? 1
