import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { CartLine } from '@tableside/contracts/cart'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, storageKey, useBrowser } from './fixtures'
import { openScreen, reloadScreen } from './open-screen'

const CART_KEY = storageKey('cart')
const BORSCHT = 'Борщ с говядиной и пампушками'
const KVASS = 'Квас домашний'
const HERRING = 'Сельдь с картофелем и луком'
const SHCHI = 'Кислые щи'

const borschtWithSalo: CartLine = {
  dishId: 'borscht',
  quantity: 1,
  optionIds: ['salo'],
  comment: 'Без лука',
}
const kvass: CartLine = { dishId: 'kvass', quantity: 1, optionIds: ['small'] }
/** On the demo menu's stop-list. */
const shchi: CartLine = { dishId: 'shchi', quantity: 1, optionIds: [] }

/** The cart screen itself; the shell around it (header, tab bar) is checked elsewhere. */
const CART_SCREEN = { include: '#main' }

/** Spaces in prices are no-break spaces; compare text as a person reads it. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** What the demo restaurant charges for these lines, in its own format ("1 340 ₽"). */
async function serverTotal(lines: CartLine[]): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/restaurants/${restaurantId()}/cart/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
  })
  const quote = (await response.json()) as { subtotal: number }
  const rubles = quote.subtotal / 100
  return plain(
    new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: Number.isInteger(rubles) ? 0 : 2,
    }).format(rubles),
  )
}

/** The diner's cart as this browser keeps it, then the cart screen. */
async function openCartWith(page: Page, lines: CartLine[]): Promise<void> {
  await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/cart`)
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_KEY,
    JSON.stringify({ lines }),
  ] as const)
  await reloadScreen(page)
}

const cartLines = (page: Page, label = 'Блюда в корзине') =>
  page.getByRole('list', { name: label }).getByRole('listitem')
const lineNames = (page: Page) => cartLines(page).getByRole('heading').allTextContents()
const lineOf = (page: Page, name: string) => cartLines(page).filter({ hasText: name })
const total = async (page: Page) => plain(await page.locator('.cart-summary__amount').textContent())

describe('A diner checks the cart before ordering', () => {
  const browser = useBrowser()

  it('Cart survives a reload', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    const addHerring = page.getByRole('button', { name: `Добавить: ${HERRING}` })
    await addHerring.click()
    await addHerring.click()
    await page.getByRole('button', { name: `Добавить: ${BORSCHT}` }).click()

    // The bar at the bottom counts the portions and shows the server's total.
    const herring: CartLine = { dishId: 'herring-potatoes', quantity: 2, optionIds: [] }
    const plainBorscht: CartLine = { dishId: 'borscht', quantity: 1, optionIds: [] }
    const bar = page.getByRole('link', { name: /^Корзина\s*,/ })
    await expect
      .poll(async () => plain(await bar.textContent()))
      .toBe(`3Корзина, 3 порции, ${await serverTotal([herring, plainBorscht])}`)
    await keepScreenshot(page, 'cart-bar')
    await bar.click()
    await expect.poll(() => lineNames(page)).toEqual([HERRING, BORSCHT])

    await page.getByRole('button', { name: `Ещё одно: ${BORSCHT}` }).click()
    const expected = await serverTotal([herring, { ...plainBorscht, quantity: 2 }])
    await expect.poll(() => total(page)).toBe(expected)

    await reloadScreen(page)
    expect(await lineNames(page)).toEqual([HERRING, BORSCHT])
    expect(await lineOf(page, BORSCHT).getByRole('status').textContent()).toBe('2')
    await expect.poll(() => total(page)).toBe(expected)
    expect(plain(await page.locator('.cart-summary').textContent())).toContain('4 порции')
    expect(problems).toEqual([])
  })

  it('A line shows its add-ons and note, and the screen passes an accessibility check', async () => {
    const { page, problems } = await browser.phone()
    await openCartWith(page, [borschtWithSalo, kvass])
    expect(await lineNames(page)).toEqual([BORSCHT, KVASS])
    const borscht = plain(await lineOf(page, BORSCHT).textContent())
    expect(borscht).toContain('Сало с чесноком')
    expect(borscht).toContain('Без лука')
    await expect.poll(() => total(page)).toBe(await serverTotal([borschtWithSalo, kvass]))
    await keepScreenshot(page, 'cart-lines')
    await expectNoSeriousViolations(page, CART_SCREEN)
    expect(problems).toEqual([])
  })

  it('Cart stays in step across two tabs', async () => {
    const { page, context } = await browser.phone()
    await openCartWith(page, [borschtWithSalo])
    const other = await context.newPage()
    await openScreen(other, `${baseUrl()}/rest/${restaurantId()}/cart`)
    expect(await lineNames(other)).toEqual([BORSCHT])

    await page.getByRole('button', { name: `Ещё одно: ${BORSCHT}` }).click()
    await expect.poll(() => lineOf(other, BORSCHT).getByRole('status').textContent()).toBe('2')
    const expected = await serverTotal([{ ...borschtWithSalo, quantity: 2 }])
    await expect.poll(() => total(other)).toBe(expected)

    await other.getByRole('button', { name: `На одно меньше: ${BORSCHT}` }).click()
    await other.getByRole('button', { name: `Убрать ${BORSCHT}` }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'В корзине пока пусто' }).count())
      .toBe(1)
  })

  it('Removing a line can be undone', async () => {
    const { page } = await browser.phone()
    await openCartWith(page, [kvass, borschtWithSalo])

    await page.getByRole('button', { name: `Убрать ${KVASS}` }).click()
    expect(await lineNames(page)).toEqual([BORSCHT])
    const notice = page.getByRole('status').filter({ hasText: 'убрано из корзины' })
    expect(plain(await notice.textContent())).toContain(`«${KVASS}» убрано из корзины`)
    await keepScreenshot(page, 'cart-undo')

    await notice.getByRole('button', { name: 'Вернуть' }).click()
    expect(await lineNames(page)).toEqual([KVASS, BORSCHT])
    expect(await page.getByRole('button', { name: 'Вернуть' }).count()).toBe(0)
    await reloadScreen(page)
    expect(await lineNames(page)).toEqual([KVASS, BORSCHT])
  })

  it('A sold-out line is flagged by the server', async () => {
    const { page } = await browser.phone()
    await openCartWith(page, [shchi, borschtWithSalo])
    const soldOut = lineOf(page, SHCHI)
    await expect
      .poll(async () => plain(await soldOut.textContent()))
      .toContain('Сейчас закончилось')
    const blocked = page.getByRole('button', { name: 'Сначала уберите отмеченные блюда' })
    expect(await blocked.isDisabled()).toBe(true)
    // The sold-out dish is not charged.
    expect(await total(page)).toBe(await serverTotal([borschtWithSalo]))
    await keepScreenshot(page, 'cart-sold-out')
    await expectNoSeriousViolations(page, CART_SCREEN)

    await page.getByRole('button', { name: 'English' }).click()
    const first = cartLines(page, 'Dishes in your cart').first()
    await expect.poll(async () => plain(await first.textContent())).toContain('Sold out right now')
    await first.getByRole('button', { name: /^Remove / }).click()
    const go = page.getByRole('button', { name: 'Continue to order' })
    await expect.poll(() => go.isEnabled()).toBe(true)
    await go.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/order`)
  })

  it('An empty cart leads back to the menu', async () => {
    const { page } = await browser.phone()
    await openCartWith(page, [])
    expect(await page.getByRole('heading', { name: 'В корзине пока пусто' }).count()).toBe(1)
    await keepScreenshot(page, 'cart-empty')
    await expectNoSeriousViolations(page, CART_SCREEN)
    await page.getByRole('link', { name: 'Перейти в меню' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
  })

  it('A cart someone tampered with opens empty', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/cart`)
    await page.evaluate(
      (key) => localStorage.setItem(key, '{"lines":[{"dishId":"<b>"}]}'),
      CART_KEY,
    )
    await reloadScreen(page)
    await expect
      .poll(() => page.getByRole('heading', { name: 'В корзине пока пусто' }).count())
      .toBe(1)
    expect(problems).toEqual([])
  })

  it('A cart past the largest order says so and goes no further', async () => {
    const { page } = await browser.phone()
    const menu = (await (
      await fetch(`${baseUrl()}/api/v1/restaurants/${restaurantId()}/menu`)
    ).json()) as {
      dishes: { id: string; available: boolean; modifierGroups: { minChoices: number }[] }[]
    }
    // 99 of every dish that needs no choice: several million roubles, past one order's 1 000 000 ₽.
    const lines = menu.dishes
      .filter((dish) => dish.available && dish.modifierGroups.every((g) => g.minChoices === 0))
      .map((dish): CartLine => ({ dishId: dish.id, quantity: 99, optionIds: [] }))
    await openCartWith(page, lines)
    const alert = page.getByRole('alert')
    await expect
      .poll(async () => plain(await alert.textContent()))
      .toContain('Один заказ — не больше 1 000 000 ₽')
    const next = page.getByRole('button', { name: 'Уменьшите заказ' })
    expect(await next.isDisabled()).toBe(true)
    await keepScreenshot(page, 'cart-too-large')
  })
})
