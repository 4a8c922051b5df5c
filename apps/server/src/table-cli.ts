import { runTableCommand } from './features/table-sessions/table-command'

// The tables' command line (`npm run table:rotate-token`, `table:links`).
process.exitCode = await runTableCommand(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
