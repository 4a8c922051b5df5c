import { isApiError } from '../../../lib/api-error'
import { useSessionEndWatch } from '../../../lib/session-end-watch'
import { forgetGarconToken } from '../garcon-session-store'
import { GARCON_KEY } from './garcon-keys'

const refused = (error: unknown) => isApiError(error) && error.status === 401
const forget = () => forgetGarconToken({ ended: true })

/**
 * Watches every waiter query and mutation: a 401 from any of them (the token expired or was
 * revoked on another device) forgets the token and what was fetched with it, and the sign-in
 * window says the session ended.
 */
export function useSessionWatch(): void {
  useSessionEndWatch(GARCON_KEY, refused, forget)
}
