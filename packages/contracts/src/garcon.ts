import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { orderStatus } from './order-status'
import { order, orderId } from './orders'
import { restaurantId } from './restaurants'
import { waiterCall, waiterCallId } from './waiter-calls'

/** The header a waiter's requests carry; the app copies it from the `garcon_token` cookie (spec §7). */
export const GARCON_TOKEN_HEADER = 'x-garcon-token'

export const waiter = z.object({
  id: z.string(),
  restaurantId: z.string(),
  name: z.string(),
})
export type Waiter = z.infer<typeof waiter>

export const garconLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/garcon/login',
  summary: 'A waiter signs in with their login and PIN; the token goes in the garcon_token cookie',
  tags: ['garcon'],
  body: z.object({
    restaurantId,
    login: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    pin: z.string().check(z.regex(/^\d{4,8}$/, 'A PIN is 4–8 digits')),
  }),
  status: 200,
  response: z.object({ token: z.string(), expiresAt: z.string(), waiter }),
})

export const getGarconMe = defineEndpoint({
  method: 'GET',
  path: '/garcon/me',
  summary: 'The signed-in waiter (header X-Garcon-Token)',
  tags: ['garcon'],
  status: 200,
  response: waiter,
})

export const setOrderStatus = defineEndpoint({
  method: 'POST',
  path: '/garcon/orders/:orderId/status',
  summary: "Moves an order of the waiter's restaurant along its transition table",
  tags: ['garcon'],
  params: z.object({ orderId }),
  body: z.object({ status: orderStatus }),
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
