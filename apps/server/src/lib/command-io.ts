import type { Kysely } from 'kysely'
import { ConfigError, loadConfig, type ServerConfig } from '../config/env'
import { DataDirLockedError } from '../db/data-dir-lock'
import { openDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import type { Database } from '../db/schema'

/** What a command (`menu:*`, `table:*`) reads and writes; tests pass their own. */
export interface CommandIo {
  env: NodeJS.ProcessEnv
  out: (text: string) => void
  err: (text: string) => void
}

/** The command was called wrongly: its message, then the usage. */
export class UsageError extends Error {}

/** A failure the message says all of (an unknown table or restaurant): no usage, no stack. */
export class CommandFailure extends Error {}

/**
 * Runs a command: 0 when it succeeded, else 1 with the failure on `io.err`. Mistakes of use
 * (ours or the argument parser's) come with `usage`; `explain` words the command's own errors.
 */
export async function runCommand(
  io: CommandIo,
  usage: string,
  run: () => Promise<void>,
  explain: (error: unknown) => string | undefined = () => undefined,
): Promise<number> {
  try {
    await run()
    return 0
  } catch (error) {
    io.err(explain(error) ?? describeFailure(error, usage))
    return 1
  }
}

function describeFailure(error: unknown, usage: string): string {
  const misused =
    error instanceof UsageError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE'))
  if (misused) return `${error.message}\n\n${usage}\n`
  if (
    error instanceof CommandFailure ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError
  ) {
    return `${error.message}\n`
  }
  return `${String(error instanceof Error ? error.stack : error)}\n`
}

/**
 * The server's database (DATABASE_URL, or the embedded one in DATA_DIR while the server is
 * stopped), migrated, for the length of `use`.
 */
export async function withServerDatabase<T>(
  env: NodeJS.ProcessEnv,
  use: (db: Kysely<Database>, config: ServerConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env)
  const database = await openDatabase(config.database)
  try {
    await migrate(database.db)
    return await use(database.db, config)
  } finally {
    await database.close()
  }
}
