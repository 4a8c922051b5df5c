import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { fieldError } from './errors'
import { orderStatus } from './order-status'
import type { RealtimeEvent } from './realtime-events'
import { order, orderId } from './orders'
import { restaurantId, uiLanguage } from './restaurants'
import { localizedText } from './text'
import { waiterCall, waiterCallId, waiterRef } from './waiter-calls'

/** The header a waiter's requests carry; the app copies it from the `garcon_token` cookie (spec §7). */
export const GARCON_TOKEN_HEADER = 'x-garcon-token'

export const waiter = z.object({
  id: z.string(),
  restaurantId: z.string(),
  name: z.string(),
})
export type Waiter = z.infer<typeof waiter>

/** The signed-in waiter as `GET garcon/me` shows them: on shift or not, and their tables. */
export const waiterProfile = z.object({
  // Spelled out, not z.extend(waiter): extend would add ~1.5 KB of zod to the first load.
  id: z.string(),
  restaurantId: z.string(),
  name: z.string(),
  onShift: z.boolean(),
  /** The codes of the tables they serve now, in the order the table list shows them. */
  tableCodes: z.array(z.string()),
})
export type WaiterProfile = z.infer<typeof waiterProfile>

/** A waiter's PIN is this many digits (the sign-in keypad shows as many dots). */
export const GARCON_PIN_LENGTH = { min: 4, max: 8 } as const

export const garconLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/garcon/login',
  summary: 'A waiter signs in with their login and PIN; the token goes in the garcon_token cookie',
  tags: ['garcon'],
  body: z.object({
    restaurantId,
    login: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    pin: z
      .string()
      .check(
        z.regex(
          new RegExp(`^\\d{${GARCON_PIN_LENGTH.min},${GARCON_PIN_LENGTH.max}}$`),
          'A PIN is 4–8 digits',
        ),
      ),
  }),
  status: 200,
  response: z.object({
    token: z.string(),
    expiresAt: z.string(),
    waiter,
    /** The language the waiter chose in their profile, for this device too; null: its own. */
    language: z.nullable(uiLanguage),
  }),
})

/** How many sessions a sign-out ended. */
export const garconSignedOut = z.object({ signedOut: z.number().check(z.int(), z.nonnegative()) })

export const garconLogout = defineEndpoint({
  method: 'POST',
  path: '/auth/garcon/logout',
  summary: 'Signs this device out: the token in X-Garcon-Token stops working',
  tags: ['garcon'],
  status: 200,
  response: garconSignedOut,
})

export const garconLogoutAll = defineEndpoint({
  method: 'POST',
  path: '/auth/garcon/logout-all',
  summary: 'Signs the waiter out on every device (a lost phone): all their sessions end',
  tags: ['garcon'],
  status: 200,
  response: garconSignedOut,
})

export const getGarconMe = defineEndpoint({
  method: 'GET',
  path: '/garcon/me',
  summary: 'The signed-in waiter (header X-Garcon-Token)',
  tags: ['garcon'],
  status: 200,
  response: waiterProfile,
})

/** The most a waiter's reason for cancelling an order may say. */
export const MAX_CANCEL_REASON = 200

export const setOrderStatus = defineEndpoint({
  method: 'POST',
  path: '/garcon/orders/:orderId/status',
  summary:
    "Moves an order of the waiter's restaurant along its transition table; cancelling needs a reason",
  tags: ['garcon'],
  params: z.object({ orderId }),
  body: z.object({
    status: orderStatus,
    /** Needed to cancel: said in the order's history (the diner sees it). */
    reason: z.optional(z.string().check(z.trim(), z.maxLength(MAX_CANCEL_REASON))),
  }),
  status: 200,
  response: order,
})

export const recordCashPayment = defineEndpoint({
  method: 'POST',
  path: '/garcon/orders/:orderId/cash-paid',
  summary:
    'The waiter took the cash for an order of their restaurant; a table whose orders are all completed and paid has settled its bill',
  tags: ['garcon'],
  params: z.object({ orderId }),
  status: 200,
  response: order,
})

export const acknowledgeWaiterCall = defineEndpoint({
  method: 'POST',
  path: '/garcon/waiter-calls/:callId/acknowledge',
  summary: 'The waiter is on the way',
  tags: ['garcon'],
  params: z.object({ callId: waiterCallId }),
  status: 200,
  response: waiterCall,
})

export const completeWaiterCall = defineEndpoint({
  method: 'POST',
  path: '/garcon/waiter-calls/:callId/done',
  summary: 'The waiter dealt with the call',
  tags: ['garcon'],
  params: z.object({ callId: waiterCallId }),
  status: 200,
  response: waiterCall,
})

/** The most tables one waiter's list may name. */
export const MAX_WAITER_TABLES = 200

/** A table's code as people read it ("T7"); matched without regard to case, like a QR scan's. */
const tableCode = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'A table code is 1–32 letters, digits, _ or -'))

/** A table of the waiter's restaurant, with who serves it now. */
export const waiterTable = z.object({
  code: z.string(),
  label: z.string(),
  zone: z.nullable(localizedText),
  /** Several only if the back office put them there; the waiter app keeps one per table. */
  servedBy: z.array(waiterRef),
  /** The signed-in waiter is among `servedBy`. */
  mine: z.boolean(),
})
export type WaiterTable = z.infer<typeof waiterTable>

/** The restaurant's tables in service: by zone, then by code (T2 before T10). */
export const waiterTables = z.object({ tables: z.array(waiterTable) })

export const listGarconTables = defineEndpoint({
  method: 'GET',
  path: '/garcon/tables',
  summary: "The tables of the waiter's restaurant, with who serves each",
  tags: ['garcon'],
  status: 200,
  response: waiterTables,
})

/**
 * `table_taken` (409): some of the tables are another waiter's. `fields` says which, in words;
 * `taken` says whose, so the app can ask "Table 7 is Igor's. Take it over?" in its language.
 */
export const tableTakenError = z.object({
  error: z.object({
    code: z.literal('table_taken'),
    message: z.string(),
    fields: z.optional(z.array(fieldError)),
    taken: z.array(
      z.object({ table: z.object({ code: z.string(), label: z.string() }), waiter: waiterRef }),
    ),
  }),
})

export const setGarconTables = defineEndpoint({
  method: 'PUT',
  path: '/garcon/me/tables',
  summary:
    "Makes the waiter's tables exactly these; a table another waiter serves answers 409 table_taken, unless takeOver takes it from them",
  tags: ['garcon'],
  body: z.object({
    // Each table once, in any case: checked by the server, since a refinement here would put
    // zod's refine into the diners' first load (every zod feature the app uses lands there).
    tableCodes: z.array(tableCode).check(z.maxLength(MAX_WAITER_TABLES)),
    takeOver: z.optional(z.boolean()),
  }),
  status: 200,
  response: waiterTables,
  errors: { 409: tableTakenError },
})

export const setGarconShift = defineEndpoint({
  method: 'PUT',
  path: '/garcon/me/shift',
  summary: 'The waiter starts or ends their shift: only waiters on shift hear calls',
  tags: ['garcon'],
  body: z.object({ onShift: z.boolean() }),
  status: 200,
  response: waiterProfile,
})

/**
 * On `private-garcon.{id}`: these tables are no longer the waiter's; `takenBy` took them over
 * (null when the back office moved them).
 */
export const garconTablesChanged = {
  name: 'garcon.tables-changed',
  data: z.object({ tableCodes: z.array(z.string()), takenBy: z.nullable(waiterRef) }),
} as const satisfies RealtimeEvent
