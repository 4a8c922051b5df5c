import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../../config/env'
import { DataDirLockedError } from '../../db/data-dir-lock'
import { openDatabase } from '../../db/database'
import { migrate } from '../../db/migrate'
import { createMenuRepository } from './menu-repository'
import { menuFileFromRows } from './menu-export'
import { createMenuService, MenuFileInvalidError, UnknownRestaurantError } from './menu-service'

const USAGE = `Usage:
  npm run menu:import -- FILE.json [--restaurant ID]
  npm run menu:export -- [--restaurant ID] [--out FILE.json]
  npm run menu:stop-list -- (--off | --on) DISH_ID... [--restaurant ID]

The restaurant defaults to "demo". The database is the server's: DATABASE_URL, or the
embedded one in DATA_DIR (./data) while the server is stopped.`

class UsageError extends Error {}

/**
 * The restaurant's menu from the command line: import a file (all of it valid, or nothing
 * changes), export it, or put dishes on the stop-list. A running server on the same
 * PostgreSQL notices the change within seconds.
 */
export interface CommandIo {
  env: NodeJS.ProcessEnv
  out: (text: string) => void
  err: (text: string) => void
}

export async function runMenuCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  try {
    await run(argv, io)
    return 0
  } catch (error) {
    io.err(describeFailure(error))
    return 1
  }
}

async function run(argv: readonly string[], { env, out }: CommandIo): Promise<void> {
  const [command, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      restaurant: { type: 'string', default: 'demo' },
      out: { type: 'string' },
      off: { type: 'boolean', default: false },
      on: { type: 'boolean', default: false },
    },
  })
  const restaurantId = values.restaurant

  const config = loadConfig(env)
  const database = await openDatabase(config.database)
  try {
    await migrate(database.db)
    const repository = createMenuRepository(database.db)
    const menu = createMenuService({ repository })
    switch (command ?? '') {
      case 'import': {
        const [file] = positionals
        if (!file || positionals.length > 1) throw new UsageError('Give one menu file to import.')
        const raw = parseJsonFile(file)
        const { version } = await menu.importMenu(restaurantId, raw)
        out(`Imported ${file} into "${restaurantId}" (menu version ${version}).\n`)
        return
      }
      case 'export': {
        const rows = await repository.load(restaurantId)
        if (!rows) throw new UnknownRestaurantError(restaurantId)
        const json = `${JSON.stringify(menuFileFromRows(rows), null, 2)}\n`
        if (values.out) {
          writeFileSync(values.out, json)
          out(`Wrote the menu of "${restaurantId}" to ${values.out}.\n`)
        } else {
          out(json)
        }
        return
      }
      case 'stop-list': {
        if (values.off === values.on) throw new UsageError('Say --off (sold out) or --on (back).')
        if (positionals.length === 0) throw new UsageError('Name at least one dish id.')
        const { changed } = await menu.setAvailability(restaurantId, positionals, values.on)
        const unchanged = positionals.filter((id) => !changed.includes(id))
        out(
          `${values.on ? 'Back on the menu' : 'On the stop-list'}: ${changed.join(', ') || 'nothing changed'}.\n`,
        )
        if (unchanged.length > 0) {
          out(`Already so, or not on the menu: ${unchanged.join(', ')}.\n`)
        }
        return
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.')
    }
  } finally {
    await database.close()
  }
}

function parseJsonFile(path: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`)
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof MenuFileInvalidError) {
    const lines = error.problems.map((p) => `  ${p.path}: ${p.message}`)
    return `${error.message}\n${lines.join('\n')}\n`
  }
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}\n`
  if (
    error instanceof UnknownRestaurantError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError
  ) {
    return `${error.message}\n`
  }
  return `${String(error instanceof Error ? error.stack : error)}\n`
}
