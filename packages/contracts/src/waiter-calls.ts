import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { restaurantId } from './restaurants'
import { tableRef, tableSessionId } from './table-sessions'

export const MAX_CALL_COMMENT = 200

export const waiterCallReason = z.enum(['waiter', 'bill', 'other'])
export type WaiterCallReason = z.infer<typeof waiterCallReason>

/** `open → acknowledged → done`. */
export const waiterCallStatus = z.enum(['open', 'acknowledged', 'done'])
export type WaiterCallStatus = z.infer<typeof waiterCallStatus>

export const waiterCallId = z.uuid('A waiter call id is a uuid')

export const waiterRef = z.object({ id: z.string(), name: z.string() })

export const waiterCall = z.object({
  id: waiterCallId,
  reason: waiterCallReason,
  comment: z.nullable(z.string()),
  status: waiterCallStatus,
  table: tableRef,
  createdAt: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  /** The waiter who said "coming". */
  acknowledgedBy: z.nullable(waiterRef),
  doneAt: z.nullable(z.string()),
})
export type WaiterCall = z.infer<typeof waiterCall>

/**
 * Calls the waiter to the table. One open call per reason per session: calling again while
 * one is open gives back that call, so repeated taps never spam the waiter.
 */
export const createWaiterCall = defineEndpoint({
  method: 'POST',
  path: '/restaurants/:restaurantId/waiter-calls',
  summary: 'Calls the waiter to the table (one open call per reason per session)',
  tags: ['tables'],
  params: z.object({ restaurantId }),
  body: z.object({
    tableSessionId,
    reason: waiterCallReason,
    /** Needed when the reason is "other". */
    comment: z.optional(z.string().check(z.trim(), z.maxLength(MAX_CALL_COMMENT))),
  }),
  status: 201,
  response: waiterCall,
})

export const listWaiterCalls = defineEndpoint({
  method: 'GET',
  path: '/table-sessions/:sessionId/waiter-calls',
  summary: "The table session's waiter calls, newest first",
  tags: ['tables'],
  params: z.object({ sessionId: tableSessionId }),
  status: 200,
  response: z.object({ calls: z.array(waiterCall) }),
})
