import { useQuery } from '@tanstack/react-query'
import type { Waiter } from '@tableside/contracts/garcon'
import { useApiClient } from '../../../lib/app-context'
import { isApiError } from '../../../lib/api-error'
import { garconMeQueryOptions } from '../api/get-garcon-me'
import { useSessionWatch } from '../api/use-session-watch'
import { useGarconToken, useSessionEnded } from '../garcon-session-store'

export type GarconSession =
  /** `ended`: the last session ended without the waiter signing out. */
  | { status: 'signed-out'; ended: boolean }
  | { status: 'checking' }
  /** The server could not be asked; the token is kept. */
  | { status: 'unreachable'; retry: () => void }
  | { status: 'signed-in'; waiter: Waiter }

/**
 * Where the waiter stands on this device: no token, a token being checked with the server
 * (`GET /garcon/me` when the area opens), or signed in as whom.
 */
export function useGarconSession(): GarconSession {
  const api = useApiClient()
  const token = useGarconToken()
  const ended = useSessionEnded()
  useSessionWatch()
  const me = useQuery({ ...garconMeQueryOptions(api), enabled: token !== undefined })
  if (token === undefined) return { status: 'signed-out', ended }
  if (me.data) return { status: 'signed-in', waiter: me.data }
  // A 401 is the session watch's: it forgets the token, and the sign-in window follows.
  if (me.isError && !(isApiError(me.error) && me.error.status === 401)) {
    return { status: 'unreachable', retry: () => void me.refetch() }
  }
  return { status: 'checking' }
}
