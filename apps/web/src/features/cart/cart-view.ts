import type { CartLine, LineProblemCode, QuoteLine } from '@tableside/contracts/cart'
import type { Dish } from '@tableside/contracts/menu'
import type { Image, LocalizedText } from '@tableside/contracts/text'
import type { PricedCart } from './api/quote-cart'
import { lineKey, type CartEntry } from './cart-lines'

/** The lines as the quote endpoint takes them, without the screen's keys. */
export function toCartLines(lines: readonly CartEntry[]): CartLine[] {
  return lines.map(({ dishId, quantity, optionIds, comment }) =>
    comment === undefined
      ? { dishId, quantity, optionIds }
      : { dishId, quantity, optionIds, comment },
  )
}

/** One cart line as the screen shows it: the diner's choice joined with prices and the menu. */
export interface LineView {
  entry: CartEntry
  /** From the quote, else from the cached menu; null while neither has arrived. */
  name: LocalizedText | null
  photo: Image | null
  modifiers: readonly { name: LocalizedText; priceDelta: number }[]
  unitPrice: number | null
  lineTotal: number | null
  /** The price is from a quote made before this line's quantity changed. */
  repricing: boolean
  ageRestricted: boolean
  problem: LineProblemCode | null
  /** Known to be off the menu (the server said so, or the menu has no such dish). */
  missing: boolean
}

function quotedLines(priced: PricedCart | undefined): Map<string, QuoteLine> {
  const byKey = new Map<string, QuoteLine>()
  if (!priced) return byKey
  priced.lines.forEach((line, index) => {
    const quoted = priced.quote.lines[index]
    if (quoted) byKey.set(lineKey(line), quoted)
  })
  return byKey
}

function menuModifiers(dish: Dish | undefined, optionIds: readonly string[]) {
  if (!dish) return []
  return dish.modifierGroups.flatMap((group) =>
    group.options
      .filter((option) => optionIds.includes(option.id))
      .map((option) => ({ name: option.name, priceDelta: option.priceDelta })),
  )
}

/**
 * Lines are matched to the quote by what they are (dish, options, note), never by position:
 * while a new quote loads, the previous one may price a cart with a line more or less.
 */
export function cartLineViews(
  entries: readonly CartEntry[],
  priced: PricedCart | undefined,
  dishes: ReadonlyMap<string, Dish> | undefined,
): LineView[] {
  const quoted = quotedLines(priced)
  return entries.map((entry) => {
    const quote = quoted.get(entry.key)
    const dish = dishes?.get(entry.dishId)
    const repricing = quote !== undefined && quote.quantity !== entry.quantity
    return {
      entry,
      name: quote?.name ?? dish?.name ?? null,
      photo: dish?.photo ?? null,
      modifiers: quote ? quote.modifiers : menuModifiers(dish, entry.optionIds),
      unitPrice: quote ? quote.unitPrice : null,
      lineTotal: quote ? (repricing ? quote.unitPrice * entry.quantity : quote.lineTotal) : null,
      repricing,
      ageRestricted: quote?.ageRestricted ?? dish?.ageRestricted ?? false,
      problem: quote?.problem?.code ?? null,
      missing: quote?.problem?.code === 'dish_not_found' || (dishes !== undefined && !dish),
    }
  })
}
