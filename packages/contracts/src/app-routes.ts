/**
 * Every screen of the app (spec §2) as a path pattern (`:name` is one segment). The one list
 * of what is a page: the web router declares exactly these (apps/web/src/app/router.test.ts
 * holds it to that), and the server answers a document at any of them with 200 and at any
 * other path with 404, the app then saying "Page not found" (decision 0036).
 */
export const APP_ROUTES = [
  '/',
  '/sandbox-acquirer/pay/:ref',
  '/rest/:restaurant_id/init',
  '/rest/:restaurant_id/menu',
  '/rest/:restaurant_id/cart',
  '/rest/:restaurant_id/order',
  '/rest/:restaurant_id/order/:id',
  '/rest/:restaurant_id/order/:id/pay',
  '/rest/:restaurant_id/order/:id/success',
  '/rest/:restaurant_id/order/:id/fail',
  '/rest/:restaurant_id/orders',
  '/rest/:restaurant_id/bill',
  '/rest/:restaurant_id/call',
  '/rest/:restaurant_id/favorites',
  '/rest/:restaurant_id/history',
  '/rest/:restaurant_id/client',
  '/rest/:restaurant_id/client/auth',
  '/rest/:restaurant_id/garcon',
  '/rest/:restaurant_id/garcon/profile',
  '/rest/:restaurant_id/garcon/select-tables',
  '/rest/:restaurant_id/garcon/tips',
  '/rest/:restaurant_id/garcon/bonus-card',
  '/rest/:restaurant_id/dishes/:id',
  // Staff screens of the same app (issue 17): the back office, whose sections (live, menu,
  // tables, staff, settings, reports, audit) it routes itself, and the kitchen display.
  '/rest/:restaurant_id/admin/*',
  '/rest/:restaurant_id/kitchen',
] as const

export type AppRoute = (typeof APP_ROUTES)[number]

const patterns = APP_ROUTES.map(
  (route) =>
    new RegExp(
      `^${route
        .replace(/\/\*$/, '\u0000')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:[a-z_]+/g, '[^/]+')
        // `/*` at the end: the path itself or anything below it.
        .replace('\u0000', '(?:/.*)?')}/?$`,
      // As React Router matches: letters in any case, one trailing slash.
      'i',
    ),
)

/** Whether `pathname` (no query) is a screen of the app. */
export function isAppRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname))
}
