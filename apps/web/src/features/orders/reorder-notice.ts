import * as z from 'zod/mini'
import { defineMessages } from '../../lib/i18n/messages'

/**
 * What "Order again" tells the cart it has done, in the navigation's state: the cart says it
 * once, and a cart the diner had filled before is never changed without a word.
 */
const reorderedState = z.object({
  reordered: z.object({
    number: z.int(),
    /** The cart had lines before: the order's lines were added to them. */
    joined: z.boolean(),
    /** Every line was as it was, at the same price. */
    same: z.boolean(),
  }),
})
export type ReorderedNotice = z.infer<typeof reorderedState>['reordered']

/** The navigation state that carries the notice to the cart. */
export const reorderedNavigationState = (notice: ReorderedNotice) => ({ reordered: notice })

/** The notice a navigation carries, or null (the state is the browser's: parsed like input). */
export function readReorderedNotice(state: unknown): ReorderedNotice | null {
  const parsed = z.safeParse(reorderedState, state)
  return parsed.success ? parsed.data.reordered : null
}

export const reorderedMessages = defineMessages({
  en: {
    filled: 'Order {number} is in the cart.',
    joined: 'The dishes of order {number} were added to what was already in the cart.',
    same: 'Everything is as last time, at the same prices.',
    today: 'At today’s prices.',
  },
  ru: {
    filled: 'Заказ № {number} в корзине.',
    joined: 'Блюда заказа № {number} добавлены к тому, что уже было в корзине.',
    same: 'Всё как в прошлый раз, по тем же ценам.',
    today: 'По сегодняшним ценам.',
  },
})
