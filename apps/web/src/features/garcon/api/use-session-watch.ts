import { matchMutation, matchQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isApiError } from '../../../lib/api-error'
import { forgetGarconToken } from '../garcon-session-store'
import { GARCON_KEY } from './garcon-keys'

const waiterKey = { queryKey: [GARCON_KEY], mutationKey: [GARCON_KEY] }
const refused = (error: unknown) => isApiError(error) && error.status === 401

/**
 * Watches every waiter query and mutation: a 401 from any of them (the token expired or was
 * revoked on another device) forgets the token and what was fetched with it, and the sign-in
 * window says the session ended.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const end = () => {
      forgetGarconToken({ ended: true })
      // Not while the cache is still telling its listeners about this error.
      queueMicrotask(() => queryClient.removeQueries({ queryKey: [GARCON_KEY] }))
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return
      if (matchQuery(waiterKey, event.query) && refused(event.action.error)) end()
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return
      if (matchMutation(waiterKey, event.mutation) && refused(event.action.error)) end()
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient])
}
