import type { QueryClient } from '@tanstack/react-query'
import type { WaiterCall } from '@tableside/contracts/waiter-calls'
import type { ApiClient } from '../../../lib/api-client'
import { waiterCallsQueryOptions } from './list-waiter-calls'

const progress = { open: 0, acknowledged: 1, done: 2 } as const

/**
 * Newest first, as the server lists them; a call already there is replaced in place, unless
 * the news is older than what is shown (a call never goes back from "done").
 */
export function withCall(calls: readonly WaiterCall[], call: WaiterCall): WaiterCall[] {
  const known = calls.some((existing) => existing.id === call.id)
  if (!known) return [call, ...calls]
  return calls.map((existing) =>
    existing.id === call.id && progress[call.status] >= progress[existing.status] ? call : existing,
  )
}

/** A call made, acknowledged or done (the server's answer or a live event) updates the list. */
export function applyWaiterCall(
  queryClient: QueryClient,
  api: ApiClient,
  sessionId: string,
  call: WaiterCall,
) {
  queryClient.setQueryData(waiterCallsQueryOptions(api, sessionId).queryKey, (calls) =>
    calls ? withCall(calls, call) : [call],
  )
}
