import { parseArgs } from 'node:util'
import {
  CommandFailure,
  runCommand,
  UsageError,
  withServerDatabase,
  type CommandIo,
} from '../../lib/command-io'
import { newRestaurant, NewRestaurantError } from './new-restaurant'
import { insertRestaurant, type NewRestaurant } from './restaurant-repository'

const USAGE = `Usage:
  npm run restaurant:create -- --id ID --name "NAME" [--timezone Europe/Moscow] [--currency RUB] [--locale ru-RU]

Adds a restaurant with no menu, tables or staff yet. ID is its address in links
(/rest/ID/menu): 1–63 lowercase letters, digits or dashes. It opens every day 10:00–22:00
until its manager sets its hours. Then give it a manager (npm run manager:create --
--restaurant ID …), who builds the menu, the tables and the rest in the back office at
/rest/ID/admin. The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR
(./data) while the server is stopped.`

/** A restaurant from nothing, from the command line (issue 29). */
export function runRestaurantCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  return runCommand(io, USAGE, () => run(argv, io))
}

async function run(argv: readonly string[], { env, out }: CommandIo): Promise<void> {
  const [command, ...rest] = argv
  if (command !== 'create') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.')
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      timezone: { type: 'string', default: 'Europe/Moscow' },
      currency: { type: 'string', default: 'RUB' },
      locale: { type: 'string', default: 'ru-RU' },
    },
  })
  const restaurant = restaurantOf(values)
  await withServerDatabase(env, async (db) => {
    if (!(await insertRestaurant(db, restaurant)))
      throw new CommandFailure(`There is already a restaurant "${restaurant.id}".`)
  })
  out(
    `Restaurant ${restaurant.name} ("${restaurant.id}") is ready, in ${restaurant.timezone}, counting in ${restaurant.currency}.\n` +
      `Next: npm run manager:create -- --restaurant ${restaurant.id} --login LOGIN --name "NAME"\n`,
  )
}

function restaurantOf(values: {
  id?: string | undefined
  name?: string | undefined
  timezone: string
  currency: string
  locale: string
}): NewRestaurant {
  if (values.id === undefined) throw new UsageError('Give an id: --id bistro.')
  try {
    return newRestaurant({ ...values, id: values.id, name: values.name ?? '' })
  } catch (error) {
    if (!(error instanceof NewRestaurantError)) throw error
    throw new UsageError(
      error.field === 'name'
        ? 'Give a name of at most 200 characters: --name "Бистро".'
        : error.message,
    )
  }
}
