import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  acknowledgeWaiterCall,
  completeWaiterCall,
  recordCashPayment,
  setOrderStatus,
} from '@tableside/contracts/garcon'
import {
  closeTableSession,
  getGarconFloor,
  moveTableSession,
  placeTableOrder,
  recordTableCashPayment,
} from '@tableside/contracts/garcon-floor'
import type { CartLine } from '@tableside/contracts/cart'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { randomId } from '../../../lib/random-id'
import { GARCON_KEY } from '../api/garcon-keys'

export const floorKey = [GARCON_KEY, 'floor'] as const

/** The waiter's tables as they are now; the waiter's channel and a reconnect refetch it. */
export function floorQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: floorKey,
    queryFn: ({ signal }) => api.callEndpoint(getGarconFloor, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}

export type FloorAction =
  | { kind: 'status'; orderId: string; status: OrderStatus; reason?: string }
  | { kind: 'order-cash'; orderId: string }
  | { kind: 'call'; callId: string; step: 'acknowledge' | 'done' }
  | { kind: 'table-cash'; sessionId: string; key: string }
  | { kind: 'close'; sessionId: string }
  | { kind: 'move'; sessionId: string; tableCode: string }
  | { kind: 'order'; sessionId: string; key: string; lines: CartLine[]; comment?: string }

/** Which button a pending or failed action belongs to. */
export function actionId(action: FloorAction): string {
  switch (action.kind) {
    case 'status':
      return `status:${action.orderId}:${action.status}`
    case 'order-cash':
      return `cash:${action.orderId}`
    case 'call':
      return `call:${action.callId}:${action.step}`
    case 'table-cash':
      return `table-cash:${action.sessionId}`
    case 'close':
      return `close:${action.sessionId}`
    case 'move':
      return `move:${action.sessionId}`
    case 'order':
      return `order:${action.sessionId}`
  }
}

/** A fresh key for a write that must happen once however often it is sent. */
export const newIdempotencyKey = () => randomId()

async function run(api: ApiClient, action: FloorAction): Promise<unknown> {
  switch (action.kind) {
    case 'status':
      return api.callEndpoint(setOrderStatus, {
        params: { orderId: action.orderId },
        body:
          action.reason === undefined
            ? { status: action.status }
            : { status: action.status, reason: action.reason },
      })
    case 'order-cash':
      return api.callEndpoint(recordCashPayment, { params: { orderId: action.orderId } })
    case 'call':
      return api.callEndpoint(
        action.step === 'acknowledge' ? acknowledgeWaiterCall : completeWaiterCall,
        { params: { callId: action.callId } },
      )
    case 'table-cash':
      return api.callEndpoint(recordTableCashPayment, {
        params: { sessionId: action.sessionId },
        headers: { 'Idempotency-Key': action.key },
      })
    case 'close':
      return api.callEndpoint(closeTableSession, { params: { sessionId: action.sessionId } })
    case 'move':
      return api.callEndpoint(moveTableSession, {
        params: { sessionId: action.sessionId },
        body: { tableCode: action.tableCode },
      })
    case 'order':
      return api.callEndpoint(placeTableOrder, {
        params: { sessionId: action.sessionId },
        headers: { 'Idempotency-Key': action.key },
        body: action.comment
          ? { lines: action.lines, comment: action.comment }
          : { lines: action.lines },
      })
  }
}

/** Everything the waiter does on the floor; each refetches the floor when it is done. */
export function useFloorAction() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'floor-action'],
    mutationFn: (action: FloorAction) => run(api, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: floorKey }),
  })
}
