import * as z from 'zod/mini'
import {
  MAX_CART_LINES,
  MAX_LINE_COMMENT,
  MAX_LINE_OPTIONS,
  MAX_LINE_QUANTITY,
} from './cart-limits'
import { defineEndpoint } from './endpoint'
import { restaurantId } from './restaurants'
import { localizedText, money, slugId } from './text'

export {
  MAX_CART_LINES,
  MAX_LINE_COMMENT,
  MAX_LINE_OPTIONS,
  MAX_LINE_QUANTITY,
} from './cart-limits'

/** One line of a cart as the diner built it: a dish, its options, how many, a note for the kitchen. */
export const cartLine = z.object({
  dishId: slugId,
  quantity: z.int().check(z.gte(1), z.lte(MAX_LINE_QUANTITY)),
  optionIds: z.array(slugId).check(z.maxLength(MAX_LINE_OPTIONS)),
  comment: z.optional(z.string().check(z.trim(), z.maxLength(MAX_LINE_COMMENT))),
})
export type CartLine = z.infer<typeof cartLine>

export const quoteRequest = z.object({
  lines: z.array(cartLine).check(z.maxLength(MAX_CART_LINES)),
})
export type QuoteRequest = z.infer<typeof quoteRequest>

/** Why a line cannot be ordered as it is. */
export const lineProblemCode = z.enum(['dish_not_found', 'dish_unavailable', 'invalid_modifiers'])
export type LineProblemCode = z.infer<typeof lineProblemCode>

export const quotedModifier = z.object({
  groupId: slugId,
  optionId: slugId,
  name: localizedText,
  priceDelta: money,
})

export const quoteLine = z.object({
  dishId: slugId,
  /** Null only when the dish is not on the menu any more. */
  name: z.nullable(localizedText),
  quantity: z.int(),
  modifiers: z.array(quotedModifier),
  comment: z.nullable(z.string()),
  /** Dish price plus the options' deltas, for one portion. */
  unitPrice: money,
  lineTotal: money,
  ageRestricted: z.boolean(),
  problem: z.nullable(z.object({ code: lineProblemCode, message: z.string() })),
})
export type QuoteLine = z.infer<typeof quoteLine>

/** The server's word on a cart: prices, rules and availability from the current menu. */
export const quote = z.object({
  currency: z.string(),
  menuVersion: z.string(),
  lines: z.array(quoteLine),
  itemCount: z.int(),
  /** Sum of the lines that can be ordered. */
  subtotal: money,
  ageRestricted: z.boolean(),
  /** True when every line can be ordered and there is at least one. */
  orderable: z.boolean(),
})
export type Quote = z.infer<typeof quote>

export const quoteCart = defineEndpoint({
  method: 'POST',
  path: '/restaurants/:restaurantId/cart/quote',
  summary: 'Prices a cart with the current menu and says which lines cannot be ordered and why',
  tags: ['menu'],
  params: z.object({ restaurantId }),
  body: quoteRequest,
  status: 200,
  response: quote,
})
