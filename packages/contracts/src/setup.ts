import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { restaurantId, uiLanguage } from './restaurants'
import { managerPassword, staffLogin, staffMember } from './staff'
import { image } from './text'

/**
 * A restaurant from nothing (issue 29, decision 0115): while the database has no restaurant,
 * `/` sets up the first one with its first manager. Only whoever holds the setup token the
 * server prints at start may do it, once.
 */

/** Where the start banner's link carries the setup token: in the fragment, never sent to a server. */
export const SETUP_TOKEN_FRAGMENT = 'setup'

/** A restaurant as `/` lists it. */
export const restaurantListing = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.nullable(image),
})
export type RestaurantListing = z.infer<typeof restaurantListing>

export const restaurantDirectory = z.object({
  restaurants: z.array(restaurantListing),
  /** No restaurant yet: `/` offers the first-run setup. */
  setupOpen: z.boolean(),
  /** The demo seed is on: `/` is the demo's landing page. */
  demo: z.boolean(),
})
export type RestaurantDirectory = z.infer<typeof restaurantDirectory>

export const listRestaurants = defineEndpoint({
  method: 'GET',
  path: '/restaurants',
  summary: 'The restaurants this server serves, by name, and whether the first-run setup is open',
  tags: ['restaurants'],
  status: 200,
  response: restaurantDirectory,
})

export const setupBody = z.object({
  /** The token the server printed at start (its start banner's link). */
  setupToken: z.string().check(z.maxLength(200)),
  restaurant: z.object({
    /** Its address in links: `/rest/{id}/menu`. */
    id: restaurantId,
    name: z.string().check(z.trim(), z.minLength(1, 'Give a name'), z.maxLength(200)),
    timezone: z.string().check(z.minLength(1), z.maxLength(64)),
    /** The language its diners see first (the menu is in Russian and, where written, English). */
    language: uiLanguage,
  }),
  manager: z.object({
    name: z.string().check(z.trim(), z.minLength(1, 'Give a name'), z.maxLength(100)),
    login: staffLogin.check(z.regex(/^\S+$/, 'A login has no spaces')),
    password: managerPassword,
  }),
})
export type SetupBody = z.infer<typeof setupBody>

export const setUpRestaurant = defineEndpoint({
  method: 'POST',
  path: '/setup',
  summary:
    'Creates the first restaurant and its manager, signed in, with the setup token the server printed; 403 setup_token_invalid for any other token, 409 already_set_up once a restaurant exists',
  tags: ['restaurants'],
  body: setupBody,
  status: 201,
  response: z.object({
    restaurantId: z.string(),
    token: z.string(),
    expiresAt: z.string(),
    staff: staffMember,
  }),
})
