import type { CartLine, Quote, QuoteLine, QuoteRequest } from '@tableside/contracts/cart'
import type { Dish, ModifierGroup, ModifierOption } from '@tableside/contracts/menu'
import { MAX_LINE_TOTAL, MAX_ORDER_TOTAL } from '@tableside/contracts/text'
import { HttpError } from '../../http/http-error'
import type { MenuSnapshot } from './menu-snapshot'

type Problem = NonNullable<QuoteLine['problem']>

const englishName = (dish: Dish) => dish.name.en ?? dish.name.ru

/**
 * Prices a cart with the menu as the server holds it: the diner's prices, options and
 * availability are never trusted. Every line is priced or carries the reason it cannot be
 * ordered; the subtotal counts only lines that can be.
 */
export function quoteCart(snapshot: MenuSnapshot, request: QuoteRequest): Quote {
  const quote = priceLines(snapshot, request)
  assertOrderWithinBounds(quote, quote.subtotal)
  return quote
}

function priceLines(snapshot: MenuSnapshot, request: QuoteRequest): Quote {
  const lines = request.lines.map((line) => quoteLine(snapshot, line))
  return {
    currency: snapshot.currency,
    menuVersion: snapshot.version,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + (line.problem ? 0 : line.lineTotal), 0),
    ageRestricted: lines.some((line) => line.ageRestricted),
    orderable: lines.length > 0 && lines.every((line) => !line.problem),
  }
}

function quoteLine(snapshot: MenuSnapshot, line: CartLine): QuoteLine {
  const comment = line.comment ? line.comment : null
  const entry = snapshot.dishes.get(line.dishId)
  if (!entry) {
    return {
      dishId: line.dishId,
      name: null,
      quantity: line.quantity,
      modifiers: [],
      comment,
      unitPrice: 0,
      lineTotal: 0,
      ageRestricted: false,
      problem: { code: 'dish_not_found', message: 'This dish is no longer on the menu.' },
    }
  }
  const { dish } = entry
  const { chosen, problem: choiceProblem } = resolveChoices(dish, line.optionIds)
  const unitPrice = dish.price + chosen.reduce((sum, { option }) => sum + option.priceDelta, 0)
  const problem: Problem | null = dish.available
    ? choiceProblem
    : { code: 'dish_unavailable', message: `${englishName(dish)} is sold out right now.` }
  return {
    dishId: dish.id,
    name: dish.name,
    quantity: line.quantity,
    modifiers: chosen.map(({ group, option }) => ({
      groupId: group.id,
      optionId: option.id,
      name: option.name,
      priceDelta: option.priceDelta,
    })),
    comment,
    unitPrice,
    lineTotal: unitPrice * line.quantity,
    ageRestricted: dish.ageRestricted,
    problem,
  }
}

interface Choice {
  group: ModifierGroup
  option: ModifierOption
}

/** The chosen options in menu order, and the first rule they break, if any. */
export function resolveChoices(
  dish: Dish,
  optionIds: readonly string[],
): { chosen: Choice[]; problem: Problem | null } {
  const wanted = new Set(optionIds)
  const invalid = (message: string): Problem => ({ code: 'invalid_modifiers', message })
  let problem: Problem | null =
    wanted.size === optionIds.length ? null : invalid('An option is chosen twice.')

  const chosen: Choice[] = []
  for (const group of dish.modifierGroups) {
    const inGroup = group.options.filter((option) => wanted.has(option.id))
    for (const option of inGroup) {
      wanted.delete(option.id)
      chosen.push({ group, option })
      if (!option.available) {
        problem ??= invalid(`${option.name.en ?? option.name.ru} is not available right now.`)
      }
    }
    const groupName = group.name.en ?? group.name.ru
    if (inGroup.length < group.minChoices) {
      problem ??= invalid(
        group.minChoices === 1
          ? `Choose an option for ${groupName}.`
          : `Choose at least ${group.minChoices} options for ${groupName}.`,
      )
    } else if (inGroup.length > group.maxChoices) {
      problem ??= invalid(
        group.maxChoices === 1
          ? `Choose only one option for ${groupName}.`
          : `Choose at most ${group.maxChoices} options for ${groupName}.`,
      )
    }
  }
  if (wanted.size > 0) {
    problem ??= invalid(`${englishName(dish)} has no option "${[...wanted].join('", "')}".`)
  }
  return { chosen, problem }
}

const inMajorUnits = (amount: number, currency: string) =>
  `${(amount / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`

/**
 * Refuses a cart past the largest line or order the product accepts (the contracts'
 * MAX_LINE_TOTAL and MAX_ORDER_TOTAL), before it is answered or written: 400 `order_too_large`
 * with the lines that are too large on their own. `total` is what the order would come to.
 */
export function assertOrderWithinBounds(quote: Quote, total: number): void {
  const fields = quote.lines.flatMap((line, index) =>
    line.lineTotal > MAX_LINE_TOTAL
      ? [
          {
            path: `body.lines.${index}`,
            message: `A line comes to at most ${inMajorUnits(MAX_LINE_TOTAL, quote.currency)}.`,
          },
        ]
      : [],
  )
  const everything = quote.lines.reduce((sum, line) => sum + line.lineTotal, 0)
  if (fields.length === 0 && total <= MAX_ORDER_TOTAL && everything <= MAX_ORDER_TOTAL) return
  throw new HttpError(
    400,
    'order_too_large',
    `An order comes to at most ${inMajorUnits(MAX_ORDER_TOTAL, quote.currency)}; this one comes to ${inMajorUnits(Math.max(total, everything), quote.currency)}. Place it as several smaller orders.`,
    fields.length > 0 ? fields : undefined,
  )
}
