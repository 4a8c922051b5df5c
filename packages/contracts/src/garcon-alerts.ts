import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import type { RealtimeEvent } from './realtime-events'
import { orderType } from './restaurants'

/**
 * What a waiter is alerted to (iikoWaiter's typed alerts): a new order at their table, a call
 * (waiter, bill or other), a payment received, an order ready to serve, a table's visit ended,
 * guests moved to or from their table.
 */
export const garconAlertKind = z.enum([
  'order_placed',
  'waiter_call',
  'payment_received',
  'order_ready',
  'session_ended',
  'table_moved',
])
export type GarconAlertKind = z.infer<typeof garconAlertKind>

export const garconAlert = z.object({
  id: z.string(),
  kind: garconAlertKind,
  /** The table it is about, as people read it; null for a delivery or pickup. */
  table: z.nullable(z.object({ code: z.string(), label: z.string() })),
  orderNumber: z.nullable(z.int()),
  callId: z.nullable(z.string()),
  /**
   * Kind-specific words the screen shows: a call's reason and comment (and whether it reached
   * this waiter because nobody answered it in time), an order's or a payment's amount (minor
   * units) with the tip it carries, a visit's end: why (`settled` when its bill was, `waiter`
   * when a waiter closed the table, `closedBy` naming them; `expired` when nobody did anything
   * for `idleMinutes`, the restaurant's session lifetime).
   */
  detail: z.object({
    reason: z.optional(z.enum(['waiter', 'bill', 'other'])),
    comment: z.optional(z.nullable(z.string())),
    amount: z.optional(z.int()),
    tip: z.optional(z.int()),
    currency: z.optional(z.string()),
    escalated: z.optional(z.boolean()),
    closedReason: z.optional(z.string()),
    /** An order's type, for an order without a table: a delivery, a pickup or a pre-order. */
    orderType: z.optional(orderType),
    closedBy: z.optional(z.object({ name: z.string() })),
    idleMinutes: z.optional(z.int()),
    /** The table guests moved from (`table` is where they went). */
    movedFrom: z.optional(z.object({ code: z.string(), label: z.string() })),
  }),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
})
export type GarconAlert = z.infer<typeof garconAlert>

/**
 * An alert about what happened at a table, as the server's features hand it over: the table and
 * who hears it follow from the table's session; `also` names waiters told besides (the one a
 * payment's tip goes to), `except` waiters not told (the one who did it).
 */
export interface TableAlert {
  kind: Exclude<GarconAlertKind, 'waiter_call'>
  orderNumber: number | null
  detail: GarconAlert['detail']
  also?: readonly string[]
  except?: readonly string[]
}

/**
 * News: alerts with nothing left to do (a payment arrived, a visit ended, guests moved). They stand
 * in the feed for `GARCON_NEWS_MINUTES` and then leave it by themselves (decision 0123).
 */
export const GARCON_NEWS_KINDS = ['payment_received', 'session_ended', 'table_moved'] as const
export const GARCON_NEWS_MINUTES = 10

export function isNews(kind: GarconAlertKind): boolean {
  return (GARCON_NEWS_KINDS as readonly GarconAlertKind[]).includes(kind)
}

/** Unread alerts listed at most, newest first: a reload shows what the socket brought. */
export const GARCON_ALERTS_LISTED = 100

export const listGarconAlerts = defineEndpoint({
  method: 'GET',
  path: '/garcon/alerts',
  summary: "The signed-in waiter's unread alerts, newest first, and how many there are",
  tags: ['garcon'],
  status: 200,
  response: z.object({ unread: z.int(), alerts: z.array(garconAlert) }),
})

export const readGarconAlert = defineEndpoint({
  method: 'POST',
  path: '/garcon/alerts/:alertId/read',
  summary: 'The waiter has seen the alert (on every device they are signed in on)',
  tags: ['garcon'],
  params: z.object({ alertId: z.uuid('An alert id is a uuid') }),
  status: 200,
  response: garconAlert,
})

export const readAllGarconAlerts = defineEndpoint({
  method: 'POST',
  path: '/garcon/alerts/read-all',
  summary: "Marks every one of the waiter's alerts seen",
  tags: ['garcon'],
  status: 200,
  response: z.object({ read: z.int() }),
})

/** A new alert, on the waiter's `private-garcon.{id}` channel. */
export const garconAlertCreated = {
  name: 'garcon-alert.created',
  data: garconAlert,
} as const satisfies RealtimeEvent

/**
 * Alerts whose cause was handled, by this waiter or anyone (a call answered, an order accepted
 * or served, the table's visit ended): they leave the feed on every device (decision 0123).
 */
export const garconAlertsHandled = {
  name: 'garcon-alert.handled',
  data: z.object({ alertIds: z.array(z.string()) }),
} as const satisfies RealtimeEvent

/** Alerts read (on another device too): the id, or null for all. */
export const garconAlertsRead = {
  name: 'garcon-alert.read',
  data: z.object({ alertId: z.nullable(z.string()) }),
} as const satisfies RealtimeEvent
