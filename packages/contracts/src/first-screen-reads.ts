/**
 * What the web app's first load needs of the contracts without their schemas (decision 0124):
 * the addresses of the menu screen's reads (restaurant, menu, stories), the restaurant id's pattern and the restaurant's
 * channel. The endpoints in `restaurants.ts`, `menu.ts` and `stories.ts` are built from these, so there is
 * one copy; the app loads the schemas (and zod) once the screen is drawn and checks the
 * answers then.
 */

/** A restaurant id: 1–63 lowercase letters, digits or dashes, not starting with a dash. */
export const RESTAURANT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/

export const getRestaurantRoute = {
  method: 'GET',
  path: '/restaurants/:restaurantId',
  status: 200,
} as const

export const getMenuRoute = {
  method: 'GET',
  path: '/restaurants/:restaurantId/menu',
  status: 200,
} as const

export const getStoriesRoute = {
  method: 'GET',
  path: '/restaurants/:restaurantId/stories',
  status: 200,
} as const

/** Public channel of a restaurant: profile, menu and stop-list changes (DESIGN §5). */
export const restaurantChannel = (restaurantId: string) => `restaurant.${restaurantId}`
