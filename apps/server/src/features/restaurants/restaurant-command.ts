import { parseArgs } from 'node:util'
import { restaurantId } from '@tableside/contracts/restaurants'
import * as z from 'zod/mini'
import {
  CommandFailure,
  runCommand,
  UsageError,
  withServerDatabase,
  type CommandIo,
} from '../../lib/command-io'
import { knowsTimeZone } from '../../lib/time-zones'
import { insertRestaurant, type NewRestaurant } from './restaurant-repository'

const USAGE = `Usage:
  npm run restaurant:create -- --id ID --name "NAME" [--timezone Europe/Moscow] [--currency RUB] [--locale ru-RU]

Adds a restaurant with no menu, tables or staff yet. ID is its address in links
(/rest/ID/menu): 1–63 lowercase letters, digits or dashes. It opens every day 10:00–22:00
until its manager sets its hours. Then give it a manager (npm run manager:create --
--restaurant ID …), who builds the menu, the tables and the rest in the back office at
/rest/ID/admin. The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR
(./data) while the server is stopped.`

/** Languages the product speaks; a locale's language must be one of them. */
const LANGUAGES = ['ru', 'en'] as const
/** Money is kept in hundredths (kopecks, cents): a currency must have two decimals. */
const MINOR_DIGITS = 2
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '10:00', closes: '22:00' }))

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
  const restaurant = newRestaurant(values)
  await withServerDatabase(env, async (db) => {
    if (!(await insertRestaurant(db, restaurant)))
      throw new CommandFailure(`There is already a restaurant "${restaurant.id}".`)
  })
  out(
    `Restaurant ${restaurant.name} ("${restaurant.id}") is ready, in ${restaurant.timezone}, counting in ${restaurant.currency}.\n` +
      `Next: npm run manager:create -- --restaurant ${restaurant.id} --login LOGIN --name "NAME"\n`,
  )
}

function newRestaurant(values: {
  id?: string | undefined
  name?: string | undefined
  timezone: string
  currency: string
  locale: string
}): NewRestaurant {
  if (values.id === undefined) throw new UsageError('Give an id: --id bistro.')
  const id = z.safeParse(restaurantId, values.id)
  if (!id.success) throw new UsageError(`"${values.id}" cannot be an id: ${ID_RULE}.`)
  const name = (values.name ?? '').trim()
  if (name.length === 0 || name.length > 200)
    throw new UsageError('Give a name of at most 200 characters: --name "Бистро".')
  if (!knowsTimeZone(values.timezone))
    throw new UsageError(`There is no time zone "${values.timezone}" (e.g. Europe/Moscow).`)
  return {
    id: id.data,
    name,
    timezone: values.timezone,
    currency: currencyOf(values.currency),
    ...languageOf(values.locale),
    openingHours: EVERY_DAY,
  }
}

const ID_RULE = '1–63 lowercase letters, digits or dashes, starting with a letter or digit'

function currencyOf(code: string): string {
  const currency = code.toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency))
    throw new UsageError(`There is no currency "${code}" (an ISO 4217 code, e.g. RUB).`)
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits
  if (digits !== MINOR_DIGITS)
    throw new UsageError(
      `${currency} has ${String(digits)} decimals; Tableside counts money in hundredths, so only a currency with two (RUB, EUR, USD, …) can be used.`,
    )
  return currency
}

function languageOf(tag: string): Pick<NewRestaurant, 'locale' | 'defaultLanguage'> {
  let locale: string
  try {
    ;[locale = ''] = Intl.getCanonicalLocales(tag)
  } catch {
    throw new UsageError(`"${tag}" is not a locale (e.g. ru-RU).`)
  }
  const language = LANGUAGES.find((known) => new Intl.Locale(locale).language === known)
  if (!language)
    throw new UsageError(
      `Tableside speaks ${LANGUAGES.join(' and ')}: give a locale in one of them (ru-RU, en-GB, …).`,
    )
  return { locale, defaultLanguage: language }
}
