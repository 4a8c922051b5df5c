import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

export const restaurantId = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9][a-z0-9-]{0,62}$/,
      'A restaurant id is 1–63 lowercase letters, digits or dashes',
    ),
  )

export const uiLanguage = z.enum(['ru', 'en'])
export type UiLanguage = z.infer<typeof uiLanguage>

export const restaurant = z.object({
  id: z.string(),
  name: z.string(),
  /** BCP 47 tag used for prices and dates, e.g. `ru-RU`. */
  locale: z.string(),
  /** The language the restaurant's diners see first. */
  defaultLanguage: uiLanguage,
  /** ISO 4217, e.g. `RUB`. Money is always integer minor units. */
  currency: z.string(),
  timezone: z.string(),
})
export type Restaurant = z.infer<typeof restaurant>

export const getRestaurant = defineEndpoint({
  method: 'GET',
  path: '/restaurants/:restaurantId',
  summary: "A restaurant's public profile",
  tags: ['restaurants'],
  params: z.object({ restaurantId }),
  status: 200,
  response: restaurant,
})
