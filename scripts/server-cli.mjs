// The server's command lines (`npm run menu:import`, `table:links`, `restaurant:create`,
// `manager:create`, `backup`,
// …): `node scripts/server-cli.mjs NAME ARGS…` builds the server if it is stale, then runs
// `apps/server/dist/NAME-cli.js ARGS…`.
import { spawnSync } from 'node:child_process'
import { buildIfStale, root } from './lib/build.mjs'

const COMMAND_LINES = ['menu', 'table', 'manager', 'restaurant', 'backup']
const [name = '', ...args] = process.argv.slice(2)
if (!COMMAND_LINES.includes(name)) {
  process.stderr.write(`There is no command line "${name}": one of ${COMMAND_LINES.join(', ')}\n`)
  process.exit(1)
}
buildIfStale({ only: ['server'], log: (line) => process.stderr.write(`${line}\n`) })
const result = spawnSync(process.execPath, [`${root}apps/server/dist/${name}-cli.js`, ...args], {
  stdio: 'inherit',
})
process.exitCode = result.status ?? 1
