import { describe, expect, it } from 'vitest'
import type { Quote, QuoteLine } from '@tableside/contracts/cart'
import type { Dish } from '@tableside/contracts/menu'
import type { PricedCart } from './api/quote-cart'
import { addLine, type CartEntry } from './cart-lines'
import { cartLineViews, toCartLines } from './cart-view'

const dish = (id: string, price: number): Dish => ({
  id,
  categoryId: 'mains',
  name: { ru: `Блюдо ${id}`, en: `Dish ${id}` },
  description: null,
  photo: { url: `/media/demo/${id}.svg`, alt: { ru: id }, color: '#aa8866' },
  portion: null,
  nutrition: null,
  price,
  modifierGroups: [
    {
      id: 'size',
      name: { ru: 'Размер' },
      minChoices: 0,
      maxChoices: 1,
      options: [
        {
          id: 'large',
          name: { ru: 'Большой' },
          priceDelta: 100,
          preselected: false,
          available: true,
        },
      ],
    },
  ],
  allergens: [],
  diet: [],
  highlight: null,
  ageRestricted: false,
  available: true,
})

const quoted = (line: CartEntry, unitPrice: number, problem: QuoteLine['problem'] = null) => ({
  dishId: line.dishId,
  name: { ru: `Из цены ${line.dishId}` },
  quantity: line.quantity,
  modifiers: [],
  comment: line.comment ?? null,
  unitPrice,
  lineTotal: unitPrice * line.quantity,
  ageRestricted: false,
  problem,
})

function priced(lines: readonly CartEntry[], quoteLines: QuoteLine[]): PricedCart {
  const quote: Quote = {
    currency: 'RUB',
    menuVersion: 'v1',
    lines: quoteLines,
    itemCount: 0,
    subtotal: 0,
    ageRestricted: false,
    orderable: true,
  }
  return { lines: toCartLines(lines), quote }
}

const cart = [
  { dishId: 'soup', quantity: 1, optionIds: [] },
  { dishId: 'steak', quantity: 2, optionIds: ['large'] },
].reduce<readonly CartEntry[]>(addLine, [])
const [soup, steak] = cart as [CartEntry, CartEntry]

describe('cart lines on screen', () => {
  it('shows names and modifiers from the menu before the first quote', () => {
    const views = cartLineViews(cart, undefined, new Map([['steak', dish('steak', 900)]]))
    expect(views[1]).toMatchObject({
      name: { ru: 'Блюдо steak' },
      modifiers: [{ name: { ru: 'Большой' }, priceDelta: 100 }],
      lineTotal: null,
    })
    expect(views[0]).toMatchObject({ name: null, missing: true })
    expect(cartLineViews(cart, undefined, undefined)[0]).toMatchObject({ missing: false })
  })

  it('matches a quote to lines by what they are, not where they stand', () => {
    // The soup was removed after this quote was made: the steak is still priced right.
    const previous = priced(cart, [quoted(soup, 300), quoted(steak, 1000)])
    const views = cartLineViews([steak], previous, undefined)
    expect(views).toHaveLength(1)
    expect(views[0]).toMatchObject({ unitPrice: 1000, lineTotal: 2000, repricing: false })
  })

  it('prices a changed quantity from the unit price while the new quote loads', () => {
    const previous = priced(cart, [quoted(soup, 300), quoted(steak, 1000)])
    const more = [soup, { ...steak, quantity: 3 }]
    expect(cartLineViews(more, previous, undefined)[1]).toMatchObject({
      lineTotal: 3000,
      repricing: true,
    })
  })

  it('carries the server’s problem with a line', () => {
    const soldOut = priced(cart, [
      quoted(soup, 300, { code: 'dish_unavailable', message: 'sold out' }),
      { ...quoted(steak, 0, { code: 'dish_not_found', message: 'gone' }), name: null },
    ])
    const views = cartLineViews(cart, soldOut, undefined)
    expect(views.map((view) => [view.problem, view.missing])).toEqual([
      ['dish_unavailable', false],
      ['dish_not_found', true],
    ])
  })
})
