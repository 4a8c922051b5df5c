import { restaurantId } from '@tableside/contracts/restaurants'
import * as z from 'zod/mini'
import { knowsTimeZone } from '../../lib/time-zones'
import type { NewRestaurant } from './restaurant-repository'

/** Languages the product speaks; a locale's language must be one of them. */
const LANGUAGES = ['ru', 'en'] as const
/** Money is kept in hundredths (kopecks, cents): a currency must have two decimals. */
const MINOR_DIGITS = 2
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '10:00', closes: '22:00' }))

export const ID_RULE = '1–63 lowercase letters, digits or dashes, starting with a letter or digit'

/** Which of a new restaurant's values is wrong, and why, in words an owner reads. */
export class NewRestaurantError extends Error {
  constructor(
    readonly field: 'id' | 'name' | 'timezone' | 'currency' | 'locale',
    message: string,
  ) {
    super(message)
  }
}

/**
 * A new restaurant from what its owner gave (issue 29): the command line's `restaurant:create`
 * and the first-run setup in the browser check it alike. It opens every day 10:00–22:00 until
 * its manager sets the hours. Throws `NewRestaurantError` naming the first wrong value.
 */
export function newRestaurant(values: {
  id: string
  name: string
  timezone: string
  currency: string
  locale: string
}): NewRestaurant {
  const id = z.safeParse(restaurantId, values.id)
  if (!id.success) throw new NewRestaurantError('id', `"${values.id}" cannot be an id: ${ID_RULE}.`)
  const name = values.name.trim()
  if (name.length === 0 || name.length > 200)
    throw new NewRestaurantError('name', 'Give a name of at most 200 characters.')
  if (!knowsTimeZone(values.timezone))
    throw new NewRestaurantError(
      'timezone',
      `There is no time zone "${values.timezone}" (e.g. Europe/Moscow).`,
    )
  return {
    id: id.data,
    name,
    timezone: values.timezone,
    currency: currencyOf(values.currency),
    ...languageOf(values.locale),
    openingHours: EVERY_DAY,
  }
}

function currencyOf(code: string): string {
  const currency = code.toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency))
    throw new NewRestaurantError(
      'currency',
      `There is no currency "${code}" (an ISO 4217 code, e.g. RUB).`,
    )
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits
  if (digits !== MINOR_DIGITS)
    throw new NewRestaurantError(
      'currency',
      `${currency} has ${String(digits)} decimals; Tableside counts money in hundredths, so only a currency with two (RUB, EUR, USD, …) can be used.`,
    )
  return currency
}

function languageOf(tag: string): Pick<NewRestaurant, 'locale' | 'defaultLanguage'> {
  let locale: string
  try {
    ;[locale = ''] = Intl.getCanonicalLocales(tag)
  } catch {
    throw new NewRestaurantError('locale', `"${tag}" is not a locale (e.g. ru-RU).`)
  }
  const language = LANGUAGES.find((known) => new Intl.Locale(locale).language === known)
  if (!language)
    throw new NewRestaurantError(
      'locale',
      `Tableside speaks ${LANGUAGES.join(' and ')}: give a locale in one of them (ru-RU, en-GB, …).`,
    )
  return { locale, defaultLanguage: language }
}
