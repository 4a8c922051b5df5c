import * as z from 'zod/mini'
import { cartLine } from './cart'
import { defineEndpoint } from './endpoint'
import { orderId, orderTotals } from './orders'
import { restaurantId } from './restaurants'
import { localizedText, money, slugId } from './text'

/**
 * One way a past line differs from today's menu. A line can differ in several ways at once
 * (its price went up and an option is gone): each is said, none is folded into another.
 * - `gone`: the dish is no longer on the menu; `sold_out`: it is on the stop-list now.
 * - `price_changed`: the dish's own price, for one portion, without options.
 * - `option_gone`: options that are off the menu or not available now; the line goes to the
 *   cart without them.
 * - `option_price_changed`: options whose price changed, each with its old and new price.
 * - `options_now_required`: groups that now need a choice the past line has not got (or has
 *   too many of); the line stays out of the cart, since nobody may choose for the diner.
 * One object with the fields of every kind rather than a discriminated union: zod's union would
 * be the first in the app and lands in the first load with the rest of zod (0.8 KB gzip).
 */
export const reorderChange = z.object({
  kind: z.enum([
    'gone',
    'sold_out',
    'price_changed',
    'option_gone',
    'option_price_changed',
    'options_now_required',
  ]),
  /** `price_changed`: the dish's price then and now. */
  was: z.optional(money),
  now: z.optional(money),
  /** `option_gone`: the options gone. */
  options: z.optional(z.array(localizedText)),
  /** `option_price_changed`: each option with its price then and now. */
  prices: z.optional(z.array(z.object({ name: localizedText, was: money, now: money }))),
  /** `options_now_required`: the groups that need a choice. */
  groups: z.optional(z.array(localizedText)),
})
export type ReorderChange = z.infer<typeof reorderChange>

/** A line of the past order, as it would be ordered today. */
export const reorderLine = z.object({
  dishId: slugId,
  /** Today's name when the dish is still on the menu, else the name it was ordered under. */
  name: localizedText,
  quantity: z.int(),
  /** Empty: the line is exactly as it was. */
  changes: z.array(reorderChange),
  /** What it cost then, for one portion with its options, and the line. */
  was: z.object({ unitPrice: money, lineTotal: money }),
  /** What goes to the cart today, with today's price; null when the line cannot be ordered. */
  now: z.nullable(
    z.object({
      cartLine,
      unitPrice: money,
      lineTotal: money,
      /** 18+: the diner confirms their age in the cart, as for any such dish. */
      ageRestricted: z.boolean(),
    }),
  ),
})
export type ReorderLine = z.infer<typeof reorderLine>

export const reorderQuote = z.object({
  orderId,
  orderNumber: z.int(),
  currency: z.string(),
  menuVersion: z.string(),
  lines: z.array(reorderLine),
  /** The past order's totals, as it was placed. */
  was: orderTotals,
  /**
   * Today's totals for the lines that can go to the cart, priced as the checkout prices an
   * order of the past order's type (service charge, delivery fee).
   */
  now: orderTotals,
  /** True when every line is exactly as it was: the cart can be filled without asking. */
  unchanged: z.boolean(),
})
export type ReorderQuote = z.infer<typeof reorderQuote>

export const quoteReorder = defineEndpoint({
  method: 'GET',
  path: '/restaurants/:restaurantId/orders/:orderId/reorder-quote',
  summary:
    "A past order priced against today's menu: what changed in each line and what can go to the cart",
  tags: ['orders'],
  params: z.object({ restaurantId, orderId }),
  status: 200,
  response: reorderQuote,
})
