/** Where the table session this browser joined is kept (`table-session-store.ts`). */
export const tableSessionStorageKey = (restaurantId: string) =>
  `tableside.table-session.v1.${restaurantId}`

/**
 * Whether this browser keeps a table session at the restaurant, read without parsing it: the
 * layout asks on every screen, and the session's schema stays out of the first load.
 */
export function keepsTableSession(restaurantId: string): boolean {
  try {
    return localStorage.getItem(tableSessionStorageKey(restaurantId)) !== null
  } catch {
    return false
  }
}
