import { documentCookies } from './cookies'

/**
 * Whose tokens travel: the waiter's and the diner's (spec §3, §7), and the staff's of the back
 * office and the kitchen display (decision 0062). Each `{who}_token` cookie becomes the
 * `X-{Who}-Token` header: `garcon_token` → `X-Garcon-Token`, `profile_token` →
 * `X-Profile-Token`, `manager_token` → `X-Manager-Token`, `kitchen_token` → `X-Kitchen-Token`.
 */
export const TOKEN_HOLDERS = ['garcon', 'profile', 'manager', 'kitchen'] as const

/**
 * The actors' tokens as request headers, read on every call (a sign-in elsewhere changes them),
 * from one read of the page's cookies.
 */
export function tokenHeaders(
  readCookie: (name: string) => string | undefined = documentCookies(),
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const who of TOKEN_HOLDERS) {
    const token = readCookie(`${who}_token`)
    if (token) headers[`X-${who[0]?.toUpperCase() ?? ''}${who.slice(1)}-Token`] = token
  }
  return headers
}
