import {
  GARCON_TOKEN_COOKIE,
  GARCON_TOKEN_HEADER,
  PROFILE_TOKEN_COOKIE,
  PROFILE_TOKEN_HEADER,
} from '../config/constants'
import { readCookie as readDocumentCookie } from './cookies'

/** Cookie → header pairs; the staff areas add theirs when their chunk loads (`carryTokenCookie`). */
const carried: [cookie: string, header: string][] = [
  [GARCON_TOKEN_COOKIE, GARCON_TOKEN_HEADER],
  [PROFILE_TOKEN_COOKIE, PROFILE_TOKEN_HEADER],
]

/**
 * The back office and the kitchen display carry their tokens too (`manager_token` →
 * `X-Manager-Token`, `kitchen_token` → `X-Kitchen-Token`), registered by their own chunks so
 * the diners' first load does not grow.
 */
export function carryTokenCookie(cookie: string, header: string): void {
  if (!carried.some(([name]) => name === cookie)) carried.push([cookie, header])
}

/**
 * The actors' tokens as request headers (spec §7): `garcon_token` → `X-Garcon-Token`,
 * `profile_token` → `X-Profile-Token`, and the staff's. Read on every call: a sign-in or
 * sign-out elsewhere changes the cookies.
 */
export function tokenHeaders(
  readCookie: (name: string) => string | undefined = readDocumentCookie,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [cookie, header] of carried) {
    const token = readCookie(cookie)
    if (token) headers[header] = token
  }
  return headers
}
