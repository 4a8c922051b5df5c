import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createWaiterCall, type WaiterCallReason } from '@tableside/contracts/waiter-calls'
import { useApiClient } from '../../../lib/app-context'
import { applyWaiterCall } from './waiter-call-updates'

export interface NewWaiterCall {
  reason: WaiterCallReason
  comment?: string
}

/**
 * Calls the waiter. Calling again while a call for the same reason is open gives back that
 * call (the server keeps one per reason), so a second tap never sends a second call.
 */
export function useCreateWaiterCall(restaurantId: string, sessionId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reason, comment }: NewWaiterCall) =>
      api.callEndpoint(createWaiterCall, {
        params: { restaurantId },
        body: { tableSessionId: sessionId, reason, ...(comment ? { comment } : {}) },
      }),
    onSuccess: (call) => applyWaiterCall(queryClient, api, sessionId, call),
  })
}
