import {
  GARCON_TOKEN_COOKIE,
  GARCON_TOKEN_HEADER,
  MANAGER_TOKEN_COOKIE,
  MANAGER_TOKEN_HEADER,
  PROFILE_TOKEN_COOKIE,
  PROFILE_TOKEN_HEADER,
} from '../config/constants'
import { readCookie as readDocumentCookie } from './cookies'

/**
 * The waiter's and the customer's tokens as request headers (spec §7): `garcon_token` →
 * `X-Garcon-Token`, `profile_token` → `X-Profile-Token`. Read on every call: a sign-in or
 * sign-out elsewhere changes the cookies.
 */
export function tokenHeaders(
  readCookie: (name: string) => string | undefined = readDocumentCookie,
): Record<string, string> {
  const headers: Record<string, string> = {}
  const garconToken = readCookie(GARCON_TOKEN_COOKIE)
  const profileToken = readCookie(PROFILE_TOKEN_COOKIE)
  if (garconToken) headers[GARCON_TOKEN_HEADER] = garconToken
  if (profileToken) headers[PROFILE_TOKEN_HEADER] = profileToken
  const managerToken = readCookie(MANAGER_TOKEN_COOKIE)
  if (managerToken) headers[MANAGER_TOKEN_HEADER] = managerToken
  return headers
}
