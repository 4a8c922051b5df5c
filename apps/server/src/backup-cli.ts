import { runBackupCommand } from './backup/backup-command'

// `npm run backup` and `npm run restore` (the first argument says which).
const [command, ...args] = process.argv.slice(2)
process.exitCode =
  command === 'backup' || command === 'restore'
    ? await runBackupCommand(command, args, {
        env: process.env,
        cwd: process.cwd(),
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
      })
    : 1
