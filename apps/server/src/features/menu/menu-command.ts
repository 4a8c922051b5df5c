import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { runCommand, UsageError, withServerDatabase, type CommandIo } from '../../lib/command-io'
import { createMenuRepository } from './menu-repository'
import { menuFileFromRows } from './menu-export'
import { createMenuService, MenuFileInvalidError, UnknownRestaurantError } from './menu-service'

const USAGE = `Usage:
  npm run menu:import -- FILE.json [--restaurant ID]
  npm run menu:export -- [--restaurant ID] [--out FILE.json]
  npm run menu:stop-list -- (--off | --on) DISH_ID... [--restaurant ID]

The restaurant defaults to "demo". The database is the server's: DATABASE_URL, or the
embedded one in DATA_DIR (./data) while the server is stopped.`

/**
 * The restaurant's menu from the command line: import a file (all of it valid, or nothing
 * changes), export it, or put dishes on the stop-list. A running server on the same
 * PostgreSQL notices the change within seconds.
 */
export function runMenuCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  return runCommand(io, USAGE, () => run(argv, io), explainMenuFailure)
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

  await withServerDatabase(env, async (db, config) => {
    const repository = createMenuRepository(db)
    const menu = createMenuService({ repository, mediaOrigins: config.mediaOrigins })
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
  })
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

/** The menu's own failures: every bad field of a file, or an unknown restaurant. */
function explainMenuFailure(error: unknown): string | undefined {
  if (error instanceof MenuFileInvalidError) {
    const lines = error.problems.map((p) => `  ${p.path}: ${p.message}`)
    return `${error.message}\n${lines.join('\n')}\n`
  }
  if (error instanceof UnknownRestaurantError) return `${error.message}\n`
  return undefined
}
