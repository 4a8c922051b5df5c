import { isApiError } from '../../../lib/api-error'
import type { garconBonusMessages } from './bonus-messages'

type Key = keyof (typeof garconBonusMessages)['en']

/**
 * What went wrong with a look-up, in the waiter's words. Null for a 401: the session watch
 * ends the session and the sign-in window says so.
 */
export function lookupProblem(error: unknown): { key: Key; minutes?: number } | null {
  if (!isApiError(error)) return { key: 'failed' }
  switch (error.status) {
    case 401:
      return null
    case 404:
      return { key: 'notFound' }
    case 400:
      return { key: 'incomplete' }
    case 429:
      return {
        key: 'rateLimited',
        minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
      }
    default:
      return { key: error.code === 'network_error' ? 'offline' : 'failed' }
  }
}
