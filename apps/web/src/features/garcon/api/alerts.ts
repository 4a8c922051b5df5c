import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  listGarconAlerts,
  readAllGarconAlerts,
  readGarconAlert,
} from '@tableside/contracts/garcon-alerts'
import { acknowledgeWaiterCall, completeWaiterCall } from '@tableside/contracts/garcon'
import type { WaiterCall } from '@tableside/contracts/waiter-calls'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { markRead, reconcile, type AlertFeed } from '../alerts/alert-feed-state'
import { GARCON_KEY } from './garcon-keys'

export const alertFeedKey = [GARCON_KEY, 'alerts'] as const
/** Calls the alerts point at, as the waiter's channel last told (status, who is on the way). */
export const alertCallsKey = [GARCON_KEY, 'alert-calls'] as const

export type AlertCalls = Readonly<Record<string, WaiterCall>>

/**
 * The unread alerts. A refetch (on reconnect) keeps what the socket brought while it was on its
 * way, so nothing is missed in either direction.
 */
export function alertFeedQueryOptions(api: ApiClient, queryClient: QueryClient) {
  return queryOptions({
    queryKey: alertFeedKey,
    queryFn: async ({ signal }): Promise<AlertFeed> => {
      const startedAt = Date.now()
      const fetched = await api.callEndpoint(listGarconAlerts, { signal })
      return reconcile(fetched, queryClient.getQueryData<AlertFeed>(alertFeedKey), startedAt)
    },
    // The socket keeps it fresh; a reconnect refetches it.
    staleTime: Infinity,
  })
}

export function rememberCall(queryClient: QueryClient, call: WaiterCall): void {
  queryClient.setQueryData<AlertCalls>(alertCallsKey, (calls) => ({ ...calls, [call.id]: call }))
}

const dropAlert = (queryClient: QueryClient, alertId: string | null) =>
  queryClient.setQueryData<AlertFeed>(alertFeedKey, (feed) => feed && markRead(feed, alertId))

/** The waiter has seen an alert (every device of theirs hears it too). */
export function useReadAlert() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'alert-read'],
    mutationFn: (alertId: string) => api.callEndpoint(readGarconAlert, { params: { alertId } }),
    onSuccess: (alert) => dropAlert(queryClient, alert.id),
  })
}

export function useReadAllAlerts() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'alert-read-all'],
    mutationFn: () => api.callEndpoint(readAllGarconAlerts),
    onSuccess: () => dropAlert(queryClient, null),
  })
}

/**
 * "On my way" and "Done" for the call an alert is about. Done also clears the alert: there is
 * nothing left to do about it.
 */
export function useAnswerCall() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'call-answer'],
    mutationFn: async ({ alertId, callId, step }: CallAnswer) => {
      const call = await api.callEndpoint(
        step === 'acknowledge' ? acknowledgeWaiterCall : completeWaiterCall,
        { params: { callId } },
      )
      rememberCall(queryClient, call)
      if (step === 'done') {
        await api.callEndpoint(readGarconAlert, { params: { alertId } })
        dropAlert(queryClient, alertId)
      }
      return call
    },
  })
}

export interface CallAnswer {
  alertId: string
  callId: string
  step: 'acknowledge' | 'done'
}
