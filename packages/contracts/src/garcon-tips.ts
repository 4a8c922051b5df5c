import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { onlinePaymentMethod, tipRating } from './payments'
import type { RealtimeEvent } from './realtime-events'
import { billMoney } from './text'

/** Which of the waiter's tips: since midnight, since Monday, since the 1st, restaurant time. */
export const tipsPeriod = z.enum(['today', 'week', 'month'])
export type TipsPeriod = z.infer<typeof tipsPeriod>

export const garconTip = z.object({
  id: z.string(),
  amount: billMoney,
  currency: z.string(),
  /** How the diner paid the bill the tip came with. */
  method: onlinePaymentMethod,
  /** The table it was left at; null once the table is gone. */
  table: z.nullable(z.object({ code: z.string(), label: z.string() })),
  createdAt: z.string(),
  /** What the diner thought of the service (1–5) and said, when they left either. */
  rating: z.nullable(z.int()),
  comment: z.nullable(z.string()),
})
export type GarconTip = z.infer<typeof garconTip>

/** Tips listed per request at most; `count` and `total` still cover the whole period. */
export const GARCON_TIPS_LISTED = 200

export const getGarconTips = defineEndpoint({
  method: 'GET',
  path: '/garcon/tips',
  summary:
    "The signed-in waiter's tips for today, this week or this month (restaurant time), newest first",
  tags: ['garcon'],
  // Today when left out. Optional rather than z._default: every zod feature the app uses lands
  // in the diners' first load, and a default there costs ~0.2 KB gzip.
  query: z.object({ period: z.optional(tipsPeriod) }),
  status: 200,
  response: z.object({
    period: tipsPeriod,
    /** Where the period starts. */
    from: z.string(),
    currency: z.string(),
    /** Every tip of the period, in minor units (a sum of many bills: no bill's cap). */
    total: z.int().check(z.nonnegative()),
    count: z.int(),
    tips: z.array(garconTip),
  }),
})

/**
 * On `private-garcon.{id}` of the waiter a tip went to: the diner rated the service on it, so
 * an open tips screen shows it without a reload.
 */
export const garconTipRated = {
  name: 'garcon-tip.rated',
  data: z.object({ id: z.string(), rating: tipRating, comment: z.nullable(z.string()) }),
} as const satisfies RealtimeEvent
