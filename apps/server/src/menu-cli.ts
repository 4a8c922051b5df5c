import { runMenuCommand } from './features/menu/menu-command'

// The menu command line (`npm run menu:import`, `menu:export`, `menu:stop-list`).
process.exitCode = await runMenuCommand(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
