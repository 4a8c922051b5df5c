import { matchMutation, matchQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * Watches every query and mutation of a signed-in area (their keys start with `key`): an error
 * that `refused` takes for the session's end (the token expired or was revoked on another
 * device) calls `forget`, which forgets the token, and drops what was fetched with it; the
 * area's sign-in window then says the session ended. `refused` and `forget` must be stable.
 */
export function useSessionEndWatch(
  key: string,
  refused: (error: unknown) => boolean,
  forget: () => void,
): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const area = { queryKey: [key], mutationKey: [key] }
    const end = () => {
      forget()
      // Not while the cache is still telling its listeners about this error.
      queueMicrotask(() => queryClient.removeQueries({ queryKey: [key] }))
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return
      if (matchQuery(area, event.query) && refused(event.action.error)) end()
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return
      if (matchMutation(area, event.mutation) && refused(event.action.error)) end()
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient, key, refused, forget])
}
