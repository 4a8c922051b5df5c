import { runManagerCommand } from './features/staff/manager-command'

// Managers from the command line (`npm run manager:create`).
process.exitCode = await runManagerCommand(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: async () => {
    let text = ''
    for await (const chunk of process.stdin) text += String(chunk)
    return text
  },
})
