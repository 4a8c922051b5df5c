import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { create, extract, list } from 'tar'
import { loadConfig } from '../config/env'
import { lockDataDir } from '../db/data-dir-lock'
import { CommandFailure, runCommand, UsageError, type CommandIo } from '../lib/command-io'

const USAGE = `Usage:
  npm run backup [-- --to FILE]         Writes DATA_DIR (the embedded database with the uploaded
                                        photos, the generated secrets) to FILE, a .tar.gz
                                        (default tableside-backup-YYYYMMDD-HHMMSS.tar.gz).
  npm run restore -- FILE [--replace]   Puts a backup into DATA_DIR. DATA_DIR must hold no data,
                                        or with --replace its data is moved aside first
                                        (to DATA_DIR.before-restore-YYYYMMDD-HHMMSS).
Both need the server stopped (the embedded database has one process at a time). On a PostgreSQL
server (DATABASE_URL) back up with pg_dump, which carries the photos too: see the README.
`

/** What a data directory holds that a backup must not carry: the running server's lock. */
const LOCK_FILE = 'tableside.lock'
/** The embedded database's files: a backup without them is not one. */
const DATABASE_DIR = 'pgdata'

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)

/**
 * `npm run backup` and `npm run restore`: the embedded database (the uploaded photos in it,
 * decision 0106) and the generated secrets, while stopped.
 */
export function runBackupCommand(
  command: 'backup' | 'restore',
  args: readonly string[],
  io: CommandIo & { cwd: string; now?: () => Date },
): Promise<number> {
  return runCommand(io, USAGE, async () => {
    const config = loadConfig(io.env)
    if (config.database.kind === 'postgres') {
      throw new CommandFailure(
        'DATABASE_URL is set: back up the PostgreSQL server with pg_dump (it holds the uploaded photos too) and restore with psql or pg_restore (the keys the server made for itself are in the database too). See "Backups" in the README.\n',
      )
    }
    const dataDir = resolve(io.cwd, config.dataDir)
    const at = (io.now ?? (() => new Date()))()
    if (command === 'backup') await backup(dataDir, args, io, at)
    else await restore(dataDir, args, io, at)
  })
}

async function backup(
  dataDir: string,
  args: readonly string[],
  io: CommandIo & { cwd: string },
  at: Date,
) {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { to: { type: 'string' } },
    allowPositionals: true,
  })
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`)
  if (!existsSync(join(dataDir, DATABASE_DIR))) {
    throw new CommandFailure(`There is no database in ${dataDir} to back up.`)
  }
  const file = resolve(io.cwd, values.to ?? `tableside-backup-${stamp(at)}.tar.gz`)
  // The server holds this lock while it runs: its files are not consistent to copy then.
  const unlock = lockDataDir(dataDir)
  try {
    const entries = readdirSync(dataDir).filter((name) => name !== LOCK_FILE)
    await create({ gzip: true, file, cwd: dataDir, portable: true }, entries)
  } finally {
    unlock()
  }
  io.out(`Backed up ${dataDir} to ${file}\n`)
}

async function restore(
  dataDir: string,
  args: readonly string[],
  io: CommandIo & { cwd: string },
  at: Date,
) {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { replace: { type: 'boolean', default: false } },
    allowPositionals: true,
  })
  const [given, ...extra] = positionals
  if (!given || extra.length > 0) throw new UsageError('Name one backup file to restore.')
  const file = isAbsolute(given) ? given : resolve(io.cwd, given)
  if (!existsSync(file)) throw new CommandFailure(`There is no backup at ${file}.`)
  const names = new Set<string>()
  try {
    await list({ file, onReadEntry: (entry) => names.add(entry.path.split('/')[0] ?? '') })
  } catch (error) {
    throw new CommandFailure(
      `${file} is not a Tableside backup (${error instanceof Error ? error.message : String(error)}).`,
    )
  }
  if (!names.has(DATABASE_DIR)) {
    throw new CommandFailure(`${file} is not a Tableside backup: it holds no ${DATABASE_DIR}/.`)
  }
  const unlock = lockDataDir(dataDir)
  try {
    const held = readdirSync(dataDir).filter((name) => name !== LOCK_FILE)
    if (held.length > 0) {
      if (!values.replace) {
        throw new CommandFailure(
          `${dataDir} already holds data (${held.join(', ')}). Restore into an empty DATA_DIR, or pass --replace to move the current data aside first.`,
        )
      }
      const aside = `${dataDir}.before-restore-${stamp(at)}`
      mkdirSync(aside)
      for (const name of held) renameSync(join(dataDir, name), join(aside, name))
      io.out(`Moved the current data aside to ${aside}\n`)
    }
    await extract({ file, cwd: dataDir, filter: (path) => path.split('/')[0] !== LOCK_FILE })
  } finally {
    unlock()
  }
  io.out(`Restored ${file} into ${dataDir}: start the server.\n`)
}
