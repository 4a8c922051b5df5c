import type { CartLine } from '@tableside/contracts/cart'
import type { Dish, ModifierOption } from '@tableside/contracts/menu'
import type { Order, OrderLine } from '@tableside/contracts/orders'
import type { ReorderChange, ReorderLine, ReorderQuote } from '@tableside/contracts/reorder'
import type { RestaurantSettings } from '@tableside/contracts/restaurants'
import type { MenuSnapshot } from '../menu/menu-snapshot'
import { resolveChoices } from '../menu/quote'
import { priceCheckout } from './order-pricing'

/**
 * A past order as it would be ordered today (issue 16, decision 0053): each line against the
 * menu the server holds now, every difference named, and the lines that can go to the cart
 * priced by the checkout's own code. Nothing is chosen for the diner: a line that now needs a
 * choice stays out, and options that are gone are dropped and said.
 */
export function quoteReorder(
  order: Order,
  snapshot: MenuSnapshot,
  settings: RestaurantSettings,
): ReorderQuote {
  const judged = order.lines.map((line) => judgeLine(snapshot, line))
  const cartLines = judged.flatMap(({ cartLine }) => (cartLine ? [cartLine] : []))
  const priced = priceCheckout(snapshot, settings, order.type, cartLines)
  let next = 0
  const lines = judged.map(({ line }): ReorderLine => {
    if (!line.now) return line
    const quoted = priced.quote.lines[next++]
    if (!quoted) return line
    // The checkout's price is the one the cart will show; it agrees with the judge's.
    return {
      ...line,
      now: { ...line.now, unitPrice: quoted.unitPrice, lineTotal: quoted.lineTotal },
    }
  })
  return {
    orderId: order.id,
    orderNumber: order.number,
    currency: snapshot.currency,
    menuVersion: snapshot.version,
    lines,
    was: order.totals,
    now: priced.totals,
    unchanged: lines.every((line) => line.changes.length === 0),
  }
}

interface Judged {
  line: ReorderLine
  cartLine: CartLine | null
}

function judgeLine(snapshot: MenuSnapshot, past: OrderLine): Judged {
  const was = { unitPrice: past.unitPrice, lineTotal: past.lineTotal }
  const dish = snapshot.dishes.get(past.dishId)?.dish
  const base = { dishId: past.dishId, quantity: past.quantity, was }
  if (!dish) {
    return {
      line: { ...base, name: past.name, changes: [{ kind: 'gone' }], now: null },
      cartLine: null,
    }
  }
  if (!dish.available) {
    // What its price or options would be is no matter while it cannot be ordered at all.
    return {
      line: { ...base, name: dish.name, changes: [{ kind: 'sold_out' }], now: null },
      cartLine: null,
    }
  }
  const changes: ReorderChange[] = []

  const pastBase = past.unitPrice - past.modifiers.reduce((sum, m) => sum + m.priceDelta, 0)
  if (pastBase !== dish.price) {
    changes.push({ kind: 'price_changed', was: pastBase, now: dish.price })
  }

  const options = optionsOf(dish)
  const gone = past.modifiers.filter((m) => !options.get(m.optionId)?.available)
  if (gone.length > 0) {
    changes.push({
      kind: 'option_gone',
      options: gone.map((m) => options.get(m.optionId)?.name ?? m.name),
    })
  }
  const kept = past.modifiers.flatMap((m) => {
    const today = options.get(m.optionId)
    return today?.available ? [{ past: m, today }] : []
  })
  const repriced = kept.filter(({ past: m, today }) => m.priceDelta !== today.priceDelta)
  if (repriced.length > 0) {
    changes.push({
      kind: 'option_price_changed',
      prices: repriced.map(({ past: m, today }) => ({
        name: today.name,
        was: m.priceDelta,
        now: today.priceDelta,
      })),
    })
  }

  const optionIds = kept.map(({ today }) => today.id)
  const unmet = dish.modifierGroups.filter((group) => {
    const chosen = group.options.filter((option) => optionIds.includes(option.id)).length
    return chosen < group.minChoices || chosen > group.maxChoices
  })
  if (unmet.length > 0) {
    changes.push({ kind: 'options_now_required', groups: unmet.map((group) => group.name) })
  }

  // What is left of the line is checked by the checkout's own rule, so nothing reaches the
  // cart that the checkout would refuse.
  const orderable = unmet.length === 0 && !resolveChoices(dish, optionIds).problem
  const cartLine: CartLine | null = orderable
    ? {
        dishId: dish.id,
        quantity: past.quantity,
        optionIds,
        ...(past.comment ? { comment: past.comment } : {}),
      }
    : null
  const unitPrice = dish.price + kept.reduce((sum, { today }) => sum + today.priceDelta, 0)
  return {
    line: {
      ...base,
      name: dish.name,
      changes,
      now: cartLine
        ? {
            cartLine,
            unitPrice,
            lineTotal: unitPrice * past.quantity,
            ageRestricted: dish.ageRestricted,
          }
        : null,
    },
    cartLine,
  }
}

/** Today's options of a dish by id, whichever group they are in now. */
function optionsOf(dish: Dish): Map<string, ModifierOption> {
  return new Map(
    dish.modifierGroups.flatMap((group) => group.options.map((option) => [option.id, option])),
  )
}
