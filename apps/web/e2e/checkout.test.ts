import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { CartLine } from '@tableside/contracts/cart'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import {
  baseUrl,
  keepScreenshot,
  restaurantId,
  restaurantPath,
  storageKey,
  tableLink,
  tableToken,
  useBrowser,
} from './fixtures'

const CART_KEY = storageKey('cart')
const SESSION_KEY = storageKey('table-session')
const HERRING = 'Сельдь с картофелем и луком'
const BORSCHT = 'Борщ с говядиной и пампушками'
const MAIN = { include: '#main' }

/** A field of a JSON answer, read without trusting its shape. */
const field = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined),
    value,
  )

/** The cart this browser keeps, then a screen of the restaurant. */
async function openWithCart(page: Page, path: string, lines: CartLine[]): Promise<void> {
  await page.goto(`${baseUrl()}/rest/${restaurantId()}/cart`, { waitUntil: 'networkidle' })
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_KEY,
    JSON.stringify({ lines }),
  ] as const)
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' })
}

/** As soon as possible while the restaurant is open, else its first free time. */
async function chooseTime(page: Page): Promise<void> {
  const asap = page.getByRole('radio', { name: /Как можно скорее/ })
  if ((await asap.count()) > 0) await asap.check()
  else await page.locator('.slot__input[value]').first().check()
}

/** A placed order's page, whose last segment is the order's id. */
const ORDER_PAGE = new RegExp(`${restaurantPath('/order')}/([0-9a-f-]{36})$`)
const orderIdOf = (page: Page) => ORDER_PAGE.exec(page.url())?.[1]

describe('A diner places an order', () => {
  const browser = useBrowser()

  it('Diner at table T1 orders two dishes and pays cash', async () => {
    const { page, problems } = await browser.phone()
    // The welcome moves on to the menu by itself after WELCOME_MS: looked for as soon as the
    // page is there, not after the network falls silent, which a busy machine can delay past it.
    await page.goto(tableLink('T1'), { waitUntil: 'commit' })
    await page.getByText('Стол 1', { exact: true }).waitFor()
    await keepScreenshot(page, 'init-table')
    await expectNoSeriousViolations(page, MAIN)
    // The menu opens by itself after a moment.
    await page.waitForURL(`**/rest/${restaurantId()}/menu`, { timeout: 10_000 })

    await page.getByRole('button', { name: `Добавить: ${HERRING}` }).click()
    await page.getByRole('button', { name: `Добавить: ${BORSCHT}` }).click()
    await page.getByRole('link', { name: /^Корзина\s*,/ }).click()
    await page.getByRole('button', { name: 'Перейти к оформлению' }).click()
    await page.waitForURL(`**/rest/${restaurantId()}/order`)

    expect(await page.getByRole('radio', { name: /За стол/ }).isChecked()).toBe(true)
    expect(await page.getByText('Стол 1', { exact: true }).count()).toBe(1)
    expect(await page.getByRole('radio', { name: /Наличными/ }).isChecked()).toBe(true)
    // Card and SBP are offered beside cash (the demo takes payments online); cash stays first.
    expect(await page.getByRole('radio', { name: /Картой/ }).count()).toBe(1)
    expect(await page.getByRole('radio', { name: /СБП/ }).count()).toBe(1)
    const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await keepScreenshot(page, 'checkout-dine-in')
    await expectNoSeriousViolations(page, MAIN)

    await confirm.click()
    await page.waitForURL(ORDER_PAGE)
    const orderId = orderIdOf(page)
    const order = await apiRequest('GET', `/orders/${orderId ?? ''}`)
    expect(order.status).toBe(200)
    expect(field(order.data, 'type')).toBe('dine_in')
    expect(field(order.data, 'paymentMethod')).toBe('cash')
    expect(field(order.data, 'table', 'label')).toBe('1')
    expect(field(order.data, 'lines', 'length')).toBe(2)
    // The order's number is on its screen; the cart is empty; this phone remembers the order.
    await expect
      .poll(() => page.locator('#main').textContent())
      .toContain(String(field(order.data, 'number')))
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBeNull()
    expect(
      await page.evaluate((key) => localStorage.getItem(key), storageKey('my-orders')),
    ).toContain(orderId)
    await keepScreenshot(page, 'order-placed')
    expect(problems).toEqual([])
  })

  it('Delivery refuses a slot in the past', async () => {
    const past = new Date(Date.now() - 60 * 60_000).toISOString()
    const refused = await apiRequest('POST', `/restaurants/${restaurantId()}/orders`, {
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        type: 'delivery',
        lines: [{ dishId: 'borscht', quantity: 4, optionIds: [] }],
        paymentMethod: 'cash',
        contact: { name: 'Анна', phone: '+79123456789' },
        address: { street: 'Покровка', house: '17' },
        scheduledFor: past,
      },
    })
    expect(refused.status).toBe(409)
    expect(field(refused.data, 'error', 'code')).toBe('slot_unavailable')

    const { page, problems } = await browser.phone()
    await openWithCart(page, `/rest/${restaurantId()}/order?type=delivery`, [
      { dishId: 'herring-potatoes', quantity: 1, optionIds: [] },
    ])
    expect(await page.getByRole('radio', { name: /Доставка/ }).isChecked()).toBe(true)
    await expect.poll(() => page.getByText(/Минимальный заказ/).count()).toBe(1)
    expect(await page.getByText(/доставляем от/).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Подтвердить заказ' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Подтвердить заказ' }).waitFor()
    const times = await page
      .locator('.slot__input[value]')
      .evaluateAll((inputs) =>
        inputs.map((input) => (input instanceof HTMLInputElement ? input.value : '')),
      )
    const now = Date.now()
    expect(times.every((at) => Date.parse(at) > now)).toBe(true)
    await keepScreenshot(page, 'checkout-delivery')
    await page.locator('.slot-grid').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'checkout-delivery-slots')
    await page.locator('.checkout-totals').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'checkout-delivery-totals')
    // Checked from the top: scrolled down, the fixed order bar covers part of a field, which
    // axe counts against its target size though the diner can scroll it free.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expectNoSeriousViolations(page, MAIN)
    expect(problems).toEqual([])
  })

  it('Checkout marks missing fields and keeps the contact for next time', async () => {
    const { page, problems } = await browser.phone()
    await openWithCart(page, `/rest/${restaurantId()}/order?type=pickup`, [
      { dishId: 'borscht', quantity: 1, optionIds: [] },
    ])
    const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await confirm.click()
    const name = page.getByRole('textbox', { name: 'Имя' })
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('checkout-name')
    expect(await page.getByText('Введите имя').count()).toBe(1)
    await keepScreenshot(page, 'checkout-pickup-errors')
    await expectNoSeriousViolations(page, MAIN)

    await name.fill('Анна')
    await page.getByRole('textbox', { name: 'Телефон' }).pressSequentially('89123456789')
    await chooseTime(page)
    expect(await page.getByRole('textbox', { name: 'Телефон' }).inputValue()).toBe(
      '+7 (912) 345-67-89',
    )
    await confirm.click()
    await page.waitForURL(ORDER_PAGE)
    const order = await apiRequest('GET', `/orders/${orderIdOf(page) ?? ''}`)
    expect(field(order.data, 'contact')).toEqual({ name: 'Анна', phone: '+79123456789' })
    // A pickup is paid where it is collected: there is no waiter to pay.
    await expect
      .poll(() => page.locator('.order-facts').textContent())
      .toContain('Наличными или картой при получении')
    expect(await page.locator('#main').textContent()).not.toContain('официант')

    await openWithCart(page, `/rest/${restaurantId()}/order?type=pickup`, [
      { dishId: 'borscht', quantity: 1, optionIds: [] },
    ])
    expect(await page.getByRole('textbox', { name: 'Имя' }).inputValue()).toBe('Анна')
    expect(await page.getByRole('textbox', { name: 'Телефон' }).inputValue()).toBe(
      '+7 (912) 345-67-89',
    )
    expect(problems).toEqual([])
  })

  it('Choosing tomorrow asks for a time of that day: "as soon as possible" is for today only', async () => {
    const { page, problems } = await browser.phone()
    await openWithCart(page, `/rest/${restaurantId()}/order?type=pickup`, [
      { dishId: 'borscht', quantity: 1, optionIds: [] },
    ])
    await page.getByRole('textbox', { name: 'Имя' }).fill('Анна')
    await page.getByRole('textbox', { name: 'Телефон' }).pressSequentially('89123456789')
    await page.getByRole('button', { name: 'Завтра' }).click()
    await expect
      .poll(() => page.getByRole('button', { name: 'Завтра' }).getAttribute('aria-pressed'))
      .toBe('true')
    const slots = page.locator('.slot-grid')
    await expect.poll(() => slots.getByRole('radio').count()).toBeGreaterThan(0)
    expect(await slots.getByRole('radio', { name: /Как можно скорее/ }).count()).toBe(0)
    // Nothing is chosen for the diner: the screen says why a time is needed now.
    expect(await slots.locator('input:checked').count()).toBe(0)
    expect(
      await page.getByText('Выберите время. «Как можно скорее» — только на сегодня.').count(),
    ).toBe(1)
    await keepScreenshot(page, 'checkout-pickup-tomorrow')

    const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await confirm.click()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('checkout-when')
    expect(await page.getByText('Выберите время', { exact: true }).count()).toBe(1)

    const first = slots.locator('.slot__input[value]').first()
    const chosen = await first.inputValue()
    await first.check()
    await confirm.click()
    await page.waitForURL(ORDER_PAGE)
    const order = await apiRequest('GET', `/orders/${orderIdOf(page) ?? ''}`)
    expect(field(order.data, 'scheduledFor')).toBe(chosen)
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toLocaleDateString('en-CA', {
      timeZone: 'Europe/Moscow',
    })
    expect(new Date(chosen).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' })).toBe(
      tomorrow,
    )
    expect(await page.getByText('Как можно скорее').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('Ordering twice with the same key gives one order', async () => {
    const { page } = await browser.phone()
    const session = await apiPost(`/restaurants/${restaurantId()}/table-sessions`, {
      tableToken: tableToken('T7'),
    })
    const sessionId = String(field(session, 'id'))
    await page.goto(tableLink('T7'), { waitUntil: 'commit' })
    // The welcome shows once the table is kept: going on earlier may leave before it is.
    await page.getByText('Стол 7', { exact: true }).waitFor()
    await openWithCart(page, `/rest/${restaurantId()}/order`, [
      { dishId: 'borscht', quantity: 2, optionIds: [] },
    ])
    const keys: string[] = []
    let lost = 0
    await page.route(`**/api/v1/restaurants/${restaurantId()}/orders`, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (lost < 2) {
        // The order reaches the server, but its answer is lost on the way back.
        lost++
        await route.fetch()
        await route.abort('connectionreset')
        return
      }
      await route.continue()
    })
    const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await confirm.click()
    await expect.poll(() => page.getByRole('button', { name: 'Отправляем…' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Отправляем…' }).isDisabled()).toBe(true)
    await keepScreenshot(page, 'checkout-sending')
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 })

    expect(keys.length).toBe(3)
    expect(new Set(keys).size).toBe(1)
    const bill = await apiRequest('GET', `/table-sessions/${sessionId}/bill`)
    expect(field(bill.data, 'orders', 'length')).toBe(1)
  })
})

describe('A table session', () => {
  const browser = useBrowser()

  it('A link that opens no table explains itself and offers delivery or pickup', async () => {
    const { page, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/init?table=T99`, {
      waitUntil: 'networkidle',
    })
    await expect
      .poll(() => page.getByRole('heading', { name: 'Эта ссылка не открывает стол' }).count())
      .toBe(1)
    await keepScreenshot(page, 'init-unknown')
    await expectNoSeriousViolations(page, MAIN)
    await page.getByRole('link', { name: 'Самовывоз' }).click()
    await page.waitForURL(`**/rest/${restaurantId()}/order?type=pickup`)
    expect(problems.filter((p) => !p.includes('404'))).toEqual([])
  })

  it('Without a table the screen asks to scan the code', async () => {
    const { page } = await browser.phone({ locale: 'en-US' })
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/init`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'English' }).click()
    expect(
      await page.getByRole('heading', { name: 'Scan the QR code on your table' }).count(),
    ).toBe(1)
    expect(await page.getByRole('link', { name: 'Delivery' }).count()).toBe(1)
    await keepScreenshot(page, 'init-no-table-en')
  })

  it('A session that expired shows the notice', async () => {
    const { page } = await browser.phone()
    await openWithCart(page, `/rest/${restaurantId()}/cart`, [
      { dishId: 'borscht', quantity: 1, optionIds: [] },
    ])
    const unknown = {
      id: crypto.randomUUID(),
      restaurantId: restaurantId(),
      table: { code: 'T3', label: '3', zone: null },
      status: 'open',
      openedAt: new Date().toISOString(),
      lastActivityAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      closedReason: null,
    }
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      SESSION_KEY,
      JSON.stringify(unknown),
    ] as const)
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/order`, { waitUntil: 'networkidle' })
    const notice = page.getByRole('dialog', { name: 'Сессия стола завершена' })
    await notice.waitFor()
    expect(await notice.textContent()).toContain('Стол 3'.replace('Стол ', 'столом '))
    await keepScreenshot(page, 'session-ended')
    await expectNoSeriousViolations(page)
    await notice.getByRole('button', { name: 'Понятно' }).click()
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull()
    // The cart is still there, and ordering to the table is not offered any more.
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toContain('borscht')
    expect(await page.getByRole('radio', { name: /За стол/ }).isDisabled()).toBe(true)
  })
})
