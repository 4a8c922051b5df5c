import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { checkoutQuote, order, type Order } from '@tableside/contracts/orders'
import { reorderQuote } from '@tableside/contracts/reorder'
import { categoryFileImport, menuFileImport } from '@tableside/contracts/menu-file-import'
import {
  placedCategories,
  placedDishes,
  type DishFile,
  type MenuFile,
} from '@tableside/contracts/menu-file'
import { testMenuFile } from '../menu/test-menu-file'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createOrderingRestaurant, openTableSession } from '../../test/test-restaurants'

/** The test menu with drinks and pelmeni whose sauce is optional: the menu of the past order. */
function menuBefore(): MenuFile {
  const file = menuFileImport.parse(testMenuFile())
  file.menus[0]?.categories.push(
    categoryFileImport.parse({
      id: 'more',
      name: { ru: 'Ещё', en: 'More' },
      dishes: [
        { id: 'kvass', name: { ru: 'Квас домашний', en: 'Homemade kvass' }, price: 15000 },
        {
          id: 'pelmeni',
          name: { ru: 'Пельмени', en: 'Pelmeni' },
          price: 45000,
          modifierGroups: [
            {
              id: 'sauce',
              name: { ru: 'Соус', en: 'Sauce' },
              minChoices: 0,
              maxChoices: 1,
              options: [
                { id: 'sour-cream', name: { ru: 'Сметана', en: 'Sour cream' }, priceDelta: 5000 },
                { id: 'ketchup', name: { ru: 'Кетчуп', en: 'Ketchup' }, priceDelta: 3000 },
              ],
            },
          ],
        },
      ],
    }),
  )
  return file
}

function dishIn(file: MenuFile, id: string): DishFile {
  const found = placedDishes(file).find(({ dish }) => dish.id === id)
  if (!found) throw new Error(`no dish ${id}`)
  return found.dish
}

/** Takes a dish off the menu altogether. */
function withoutDish(file: MenuFile, id: string) {
  for (const { category } of placedCategories(file)) {
    category.dishes = category.dishes.filter((dish) => dish.id !== id)
  }
}

const LINES = [
  { dishId: 'borscht', quantity: 2, optionIds: ['large', 'pampushki'] },
  { dishId: 'borscht', quantity: 1, optionIds: ['regular', 'salo'], comment: 'Без лука' },
  { dishId: 'pike-perch', quantity: 1, optionIds: [] },
  { dishId: 'kvass', quantity: 3, optionIds: [] },
  { dishId: 'pelmeni', quantity: 1, optionIds: ['sour-cream'] },
  { dishId: 'wine-red-glass', quantity: 1, optionIds: [] },
]

describe.each(testDatabaseKinds)('Order again on $name', (kind) => {
  let t: TestApp
  let restaurants = 0
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })

  /** A restaurant of its own with the menu before, and a dine-in order of `lines` placed there. */
  const placePastOrder = async (lines: unknown[] = LINES) => {
    const id = `reorder-${String(++restaurants)}`
    await createOrderingRestaurant(t, id, { tables: [{ code: 'T1', label: '1' }], settings: {} })
    await t.menu.importMenu(id, menuBefore())
    const session = await openTableSession(t, id, 'T1')
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${id}/orders`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { type: 'dine_in', lines, paymentMethod: 'cash', tableSessionId: session.id },
    })
    expect(placed.statusCode).toBe(201)
    return { restaurantId: id, order: order.parse(placed.json()) }
  }
  const ask = (restaurantId: string, orderId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/restaurants/${restaurantId}/orders/${orderId}/reorder-quote`,
    })
  const quoteOf = async (restaurantId: string, past: Order) => {
    const response = await ask(restaurantId, past.id)
    expect(response.statusCode).toBe(200)
    return reorderQuote.parse(response.json())
  }
  const checkoutTotals = async (restaurantId: string, lines: unknown[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/orders/quote`,
      payload: { type: 'dine_in', lines },
    })
    expect(response.statusCode).toBe(200)
    return checkoutQuote.parse(response.json()).totals
  }

  it('gives back an unchanged order as it was, to go to the cart at once', async () => {
    const { restaurantId, order: past } = await placePastOrder()
    const quote = await quoteOf(restaurantId, past)
    expect(quote.unchanged).toBe(true)
    expect(quote.orderNumber).toBe(past.number)
    expect(quote.lines.map((line) => line.changes)).toEqual(LINES.map(() => []))
    expect(quote.lines.map((line) => line.now?.cartLine)).toEqual(
      LINES.map((line) => ({ ...line, optionIds: [...line.optionIds] })),
    )
    expect(quote.now).toEqual(past.totals)
    expect(quote.was).toEqual(past.totals)
    expect(quote.lines.find((line) => line.dishId === 'wine-red-glass')?.now?.ageRestricted).toBe(
      true,
    )
  })

  it('names every difference after the menu changed, and prices the rest as the checkout does', async () => {
    const { restaurantId, order: past } = await placePastOrder()
    const after = menuBefore()
    const borscht = dishIn(after, 'borscht')
    borscht.price = 49000
    const [size, extras] = borscht.modifierGroups
    const large = size?.options.find((option) => option.id === 'large')
    if (!large || !extras) throw new Error('the test menu has sizes and extras')
    large.priceDelta = 17000
    extras.options = extras.options
      .filter((option) => option.id !== 'pampushki')
      .map((option) => (option.id === 'salo' ? { ...option, available: false } : option))
    const pelmeni = dishIn(after, 'pelmeni')
    const sauce = pelmeni.modifierGroups[0]
    if (!sauce) throw new Error('pelmeni have a sauce')
    sauce.minChoices = 1
    sauce.options = sauce.options.filter((option) => option.id !== 'sour-cream')
    withoutDish(after, 'pike-perch')
    await t.menu.importMenu(restaurantId, after)
    // The stop-list, as the restaurant keeps it.
    await t.menu.setAvailability(restaurantId, ['kvass'], false)

    const quote = await quoteOf(restaurantId, past)
    expect(quote.unchanged).toBe(false)
    const [bigBorscht, plainBorscht, pike, kvass, dumplings, wine] = quote.lines
    expect(bigBorscht?.changes).toEqual([
      { kind: 'price_changed', was: 45000, now: 49000 },
      { kind: 'option_gone', options: [{ ru: 'Пампушки', en: 'Garlic buns' }] },
      {
        kind: 'option_price_changed',
        prices: [{ name: { ru: 'Большой', en: 'Large' }, was: 15000, now: 17000 }],
      },
    ])
    expect(bigBorscht?.was).toEqual({ unitPrice: 69000, lineTotal: 138000 })
    expect(bigBorscht?.now).toEqual({
      cartLine: { dishId: 'borscht', quantity: 2, optionIds: ['large'] },
      unitPrice: 66000,
      lineTotal: 132000,
      ageRestricted: false,
    })
    expect(plainBorscht?.changes).toEqual([
      { kind: 'price_changed', was: 45000, now: 49000 },
      { kind: 'option_gone', options: [{ ru: 'Сало', en: 'Salo' }] },
    ])
    // The note for the kitchen goes with the line.
    expect(plainBorscht?.now?.cartLine).toEqual({
      dishId: 'borscht',
      quantity: 1,
      optionIds: ['regular'],
      comment: 'Без лука',
    })
    expect(pike).toMatchObject({ changes: [{ kind: 'gone' }], now: null, name: { ru: 'Судак' } })
    expect(kvass).toMatchObject({ changes: [{ kind: 'sold_out' }], now: null })
    expect(dumplings?.changes).toEqual([
      { kind: 'option_gone', options: [{ ru: 'Сметана', en: 'Sour cream' }] },
      { kind: 'options_now_required', groups: [{ ru: 'Соус', en: 'Sauce' }] },
    ])
    // Nobody chooses a sauce for the diner: the line stays out of the cart.
    expect(dumplings?.now).toBeNull()
    expect(wine?.changes).toEqual([])

    const cartLines = quote.lines.flatMap((line) => (line.now ? [line.now.cartLine] : []))
    expect(cartLines.map((line) => line.dishId)).toEqual(['borscht', 'borscht', 'wine-red-glass'])
    expect(quote.now).toEqual(await checkoutTotals(restaurantId, cartLines))
    expect(quote.now.subtotal).toBe(132000 + 49000 + 60000)
    expect(quote.was).toEqual(past.totals)
  })

  it('says a dish put on the stop-list after the order is sold out, and back on it, unchanged', async () => {
    const { restaurantId, order: past } = await placePastOrder([
      { dishId: 'kvass', quantity: 1, optionIds: [] },
    ])
    await t.menu.setAvailability(restaurantId, ['kvass'], false)
    const off = await quoteOf(restaurantId, past)
    expect(off.lines[0]?.changes).toEqual([{ kind: 'sold_out' }])
    expect(off.now.total).toBe(0)
    await t.menu.setAvailability(restaurantId, ['kvass'], true)
    expect((await quoteOf(restaurantId, past)).unchanged).toBe(true)
  })

  it('finds no order that is unknown, of another restaurant, or named with garbage, and writes nothing', async () => {
    const { restaurantId, order: past } = await placePastOrder()
    const { restaurantId: other } = await placePastOrder()
    const before = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()

    const unknown = await ask(restaurantId, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(errorBody.parse(unknown.json()).error.code).toBe('not_found')

    // Another restaurant's order is not found here, and nothing of it is told.
    const elsewhere = await ask(other, past.id)
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.body).not.toContain(String(past.number))
    expect(elsewhere.body).not.toContain('borscht')

    const noRestaurant = await ask('nowhere', past.id)
    expect(noRestaurant.statusCode).toBe(404)

    for (const garbage of ['abc', '1 or 1=1', `${past.id}x`, '%00']) {
      const response = await ask(restaurantId, encodeURIComponent(garbage))
      expect(response.statusCode, garbage).toBe(400)
      expect(errorBody.parse(response.json()).error.code).toBe('validation_failed')
    }
    const badRestaurant = await ask('Not A Restaurant', past.id)
    expect(badRestaurant.statusCode).toBe(400)

    const writes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/orders/${past.id}/reorder-quote`,
    })
    expect(writes.statusCode).toBe(404)

    const afterCount = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(afterCount.n).toEqual(before.n)
  })
})
