import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { CartLine } from '@tableside/contracts/cart'
import { order, type Order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import type { TableSession } from '@tableside/contracts/table-sessions'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, storageKey, useBrowser } from './fixtures'
import { borscht, kvass, openTable, placeTableOrder, plain, seatAtTable } from './table-service'
import { openScreen } from './open-screen'

const SCREEN = { include: '#main' }

const ORDER_ID = '[0-9a-f-]{36}'
const PAYMENT_ID = '[0-9a-f-]{36}'

/** A dine-in order paid online, placed through the API as the diner's checkout does. */
async function placeOnlineOrder(session: TableSession, lines: CartLine[]): Promise<Order> {
  const response = await fetch(`${baseUrl()}/api/v1/restaurants/${restaurantId()}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      type: 'dine_in',
      lines,
      paymentMethod: 'card',
      tableSessionId: session.id,
    }),
  })
  return order.parse(await response.json())
}

async function readOrder(id: string): Promise<Order> {
  return order.parse(await (await fetch(`${baseUrl()}/api/v1/orders/${id}`)).json())
}

/** On the acquirer's hosted page: a card with any future expiry and any CVC. */
async function payByCard(page: Page, number: string): Promise<void> {
  await page.waitForURL('**/sandbox-acquirer/pay/**')
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry date').fill('12/39')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay/ }).click()
}

/** The order this phone placed last, as it remembers it (the bank's page is on the same origin). */
async function lastOrderId(page: Page): Promise<string> {
  const kept = await page.evaluate((key) => localStorage.getItem(key), storageKey('my-orders'))
  const ids = z.array(z.string()).parse(JSON.parse(kept ?? '[]'))
  const id = ids.find((one) => one !== '')
  if (!id) throw new Error('this phone remembers no order')
  return id
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const main = async (page: Page) => plain(await page.locator('#main').textContent())

describe('A diner pays an order online', () => {
  const browser = useBrowser()

  it('Diner pays by card and sees Success', async () => {
    const session = await openTable('T4')
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [], { language: 'en' })
    await page.evaluate(([key, cart]) => localStorage.setItem(key, cart), [
      storageKey('cart'),
      JSON.stringify({ lines: [borscht, kvass] }),
    ] as const)
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order`)
    await page.getByRole('radio', { name: /Card online/ }).check()
    const confirm = page.getByRole('button', { name: 'Confirm order' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await confirm.click()

    // The card was chosen in checkout: confirming goes straight to the bank, nothing asked twice.
    await page.waitForURL('**/sandbox-acquirer/pay/**', { timeout: 15_000 })
    const orderId = await lastOrderId(page)
    const placed = await readOrder(orderId)
    expect(placed.paymentMethod).toBe('card')

    // Leaving the bank's page with the back button shows the payment still waiting.
    await page.goBack()
    await page.waitForURL(new RegExp(`/rest/${restaurantId()}/order/${orderId}/pay$`))
    await expect.poll(() => main(page)).toContain('Waiting for the payment…')
    expect(await main(page)).toContain(`Order #${String(placed.number)}`)
    await keepScreenshot(page, 'order-pay-waiting')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('link', { name: 'Back to the payment page' }).click()

    await payByCard(page, SANDBOX_TEST_CARDS.succeeds)
    await page.waitForURL(new RegExp(`/order/${orderId}/success\\?payment=${PAYMENT_ID}$`), {
      timeout: 15_000,
    })
    await expect
      .poll(async () => plain(await heading(page).textContent()), { timeout: 10_000 })
      .toBe('Payment successful')
    const receipt = await main(page)
    expect(receipt).toContain(`Receipt for order #${String(placed.number)}`)
    expect(receipt).toContain('Borscht')
    expect(receipt).toContain('Card')
    // The demo restaurant pays through the sandbox acquirer: the receipt says it was a test.
    expect(receipt).toContain('Test payment: no money moves')
    await keepScreenshot(page, 'order-success')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('link', { name: 'Follow the order' }).click()
    await page.waitForURL(new RegExp(`/rest/${restaurantId()}/order/${orderId}$`))
    await expect.poll(() => main(page)).toMatch(/Paid \d[\d\s\u00a0\u202f]*₽/)
    expect(await main(page)).toContain('Test payment: no money moves')
    expect(await page.getByRole('button', { name: /Cancel/ }).count()).toBe(0)
    expect((await readOrder(orderId)).paymentStatus).toBe('paid')
    await keepScreenshot(page, 'order-paid')
    expect(problems).toEqual([])
  })

  it('A diner adds a tip at checkout and the bank charges the order and the tip together', async () => {
    const session = await openTable('T6')
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [], { language: 'en' })
    await page.evaluate(([key, cart]) => localStorage.setItem(key, cart), [
      storageKey('cart'),
      JSON.stringify({ lines: [borscht] }),
    ] as const)
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order`)
    const tips = page.getByRole('group', { name: /^Tip for/ })
    // Cash to the waiter carries no tip here: the tip is left in the room.
    await page.getByRole('radio', { name: /^Cash/ }).check()
    expect(await tips.count()).toBe(0)
    await page.getByRole('radio', { name: /Card online/ }).check()
    await tips.getByRole('radio', { name: '10%' }).check()
    const totals = page.getByRole('region', { name: 'Your order' })
    await expect.poll(async () => plain(await totals.textContent())).toMatch(/Tip\s*\d/)
    await keepScreenshot(page, 'checkout-tip')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('button', { name: 'Confirm order' }).click()

    await page.waitForURL('**/sandbox-acquirer/pay/**', { timeout: 15_000 })
    const placed = await readOrder(await lastOrderId(page))
    const tip = Math.round((placed.totals.total * 10) / 100 / 100) * 100
    expect(tip).toBeGreaterThan(0)
    await payByCard(page, SANDBOX_TEST_CARDS.succeeds)
    await page.waitForURL(new RegExp(`/order/${placed.id}/success\\?payment=${PAYMENT_ID}$`), {
      timeout: 15_000,
    })
    const paymentId = new URL(page.url()).searchParams.get('payment') ?? ''
    const paid = payment.parse(
      await (await fetch(`${baseUrl()}/api/v1/payments/${paymentId}`)).json(),
    )
    expect(paid).toMatchObject({ status: 'succeeded', tip, amount: placed.totals.total + tip })
    await expect.poll(async () => (await readOrder(placed.id)).paidAmount).toBe(placed.totals.total)
    expect(problems).toEqual([])
  })

  it('On a slow connection the card payment starts once, and a failed start offers a retry', async () => {
    const session = await openTable('T2')
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await page.evaluate(
      ([keys, session, cart]) => {
        localStorage.setItem(keys[0], session)
        localStorage.setItem(keys[1], cart)
      },
      [
        [storageKey('table-session'), storageKey('cart')],
        JSON.stringify(session),
        JSON.stringify({ lines: [borscht] }),
      ] as const,
    )
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order`)
    await page.getByRole('radio', { name: /Картой онлайн/ }).check()
    let starts = 0
    await page.route('**/api/v1/orders/*/payments', async (route) => {
      starts++
      // The request is slow, then the connection drops before any answer.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.abort('internetdisconnected')
    })
    const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await confirm.click()
    const opening = page.getByRole('button', { name: 'Переходим к оплате…' })
    await opening.waitFor()
    expect(await opening.isDisabled()).toBe(true)
    await keepScreenshot(page, 'checkout-opening-payment')
    await opening.click({ force: true })

    // The order is placed; starting the payment failed: the Pay screen says why and offers a retry.
    await page.waitForURL(new RegExp(`/rest/${restaurantId()}/order/${ORDER_ID}/pay$`))
    await expect.poll(() => main(page)).toContain('Нет связи с сервером')
    expect(starts).toBe(1)
    expect(await page.getByRole('radio', { name: /Картой/ }).isChecked()).toBe(true)
    await keepScreenshot(page, 'order-pay-start-failed')
    await expectNoSeriousViolations(page, SCREEN)
    await page.unroute('**/api/v1/orders/*/payments')
    await page.getByRole('button', { name: /^Оплатить / }).click()
    await page.waitForURL('**/sandbox-acquirer/pay/**')
    // The failed start is the one request the browser reports.
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
  })

  it("The Pay screen explains a refusal in the page's language", async () => {
    const session = await openTable('T3')
    const placed = await placeOnlineOrder(session, [kvass])
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}/pay`)
    await page.route('**/api/v1/orders/*/payments', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'payment_method_unavailable',
            message: 'This way of paying is not available here.',
          },
        }),
      }),
    )
    await page.getByRole('button', { name: /^Оплатить / }).click()
    await expect
      .poll(() => main(page))
      .toContain('Этот способ оплаты сейчас недоступен. Выберите другой.')
    expect(await main(page)).not.toContain('This way of paying')
    await keepScreenshot(page, 'order-pay-refused-method')
  })

  it('An unreachable server is a connection problem with a retry, not a server error', async () => {
    const session = await openTable('T3')
    const placed = await placeOnlineOrder(session, [kvass])
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await page.route(`**/api/v1/orders/${placed.id}`, (route) =>
      route.abort('internetdisconnected'),
    )
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}/pay`)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Нет связи с сервером')
    const text = plain(await page.locator('.error-page').textContent())
    expect(text).not.toContain('500')
    expect(text).not.toContain('Internal Server Error')
    expect(text).not.toContain('could not be reached')
    await keepScreenshot(page, 'error-connection')
    await page.unroute(`**/api/v1/orders/${placed.id}`)
    await page.getByRole('button', { name: 'Попробовать снова' }).click()
    await expect.poll(async () => plain(await heading(page).textContent())).toBe('Оплата')
  })

  it('A declined card shows Fail and the diner pays with SBP instead', async () => {
    const session = await openTable('T5')
    const placed = await placeOnlineOrder(session, [borscht])
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [placed], { language: 'en' })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)
    await keepScreenshot(page, 'order-unpaid-card')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('link', { name: /^Pay / }).click()
    await page.waitForURL(`**/order/${placed.id}/pay`)
    // An order whose way of paying was not chosen on this phone is paid from the Pay screen.
    await expect.poll(async () => plain(await heading(page).textContent())).toBe('Payment')
    expect(await main(page)).toContain(`Order #${String(placed.number)}`)
    expect(await page.getByRole('radio', { name: /Card/ }).isChecked()).toBe(true)
    await keepScreenshot(page, 'order-pay')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('button', { name: /^Pay / }).click()

    await payByCard(page, SANDBOX_TEST_CARDS.declined)
    await page.waitForURL(new RegExp(`/order/${placed.id}/fail\\?payment=${PAYMENT_ID}$`), {
      timeout: 15_000,
    })
    await expect
      .poll(() => main(page), { timeout: 10_000 })
      .toContain('The bank declined the card.')
    await expect.poll(async () => plain(await heading(page).textContent())).toBe('Payment failed')
    expect(await page.getByRole('link', { name: 'Call the waiter' }).count()).toBe(1)
    await keepScreenshot(page, 'order-fail')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('link', { name: 'Pay another way' }).click()
    await page.waitForURL(`**/order/${placed.id}/pay?method=sbp`)
    expect(await page.getByRole('radio', { name: /SBP/ }).isChecked()).toBe(true)
    await keepScreenshot(page, 'order-pay-sbp')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('button', { name: /^Pay / }).click()

    await page.waitForURL('**/sandbox-acquirer/pay/**')
    await page.getByRole('button', { name: 'Confirm in the bank app' }).click()
    await page.waitForURL(new RegExp(`/order/${placed.id}/success\\?payment=${PAYMENT_ID}$`), {
      timeout: 15_000,
    })
    await expect
      .poll(async () => plain(await heading(page).textContent()), { timeout: 10_000 })
      .toBe('Payment successful')
    expect(await main(page)).toContain('SBP')
    await keepScreenshot(page, 'order-success-sbp')
    await expectNoSeriousViolations(page, SCREEN)
    expect((await readOrder(placed.id)).paymentStatus).toBe('paid')
    expect(problems).toEqual([])
  })

  it('A diner who started paying is told to cancel the payment before the order, and can', async () => {
    const session = await openTable('T7')
    const placed = await placeOnlineOrder(session, [borscht])
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [placed], { language: 'en' })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}/pay`)
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL('**/sandbox-acquirer/pay/**')
    // The diner changes their mind on the bank's page and goes back to the order.
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)
    await page.getByRole('button', { name: 'Cancel order' }).click()
    await page.getByRole('button', { name: 'Yes, cancel it' }).click()
    await expect
      .poll(() => main(page), { timeout: 10_000 })
      .toContain('A payment of this order is in progress')
    await keepScreenshot(page, 'order-cancel-payment-in-progress')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('button', { name: 'Cancel the payment, then the order' }).click()
    const cancelled = page.locator('.order-timeline__step[data-state="cancelled"]')
    await expect.poll(() => cancelled.count(), { timeout: 10_000 }).toBe(1)
    expect((await readOrder(placed.id)).status).toBe('cancelled')
    // The refused cancel is the one failed request the browser reports.
    expect(problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([])
  })

  it('The pay screen refuses an order that is paid in cash', async () => {
    const session = await openTable('T6')
    const placed = await placeTableOrder(session, [kvass])
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [placed], { language: 'en' })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}/pay`)

    await page.waitForURL(
      new RegExp(`/rest/${restaurantId()}/order/${placed.id}\\?notice=paid-in-cash$`),
    )
    const text = await main(page)
    expect(text).toContain('This order is paid in cash to the waiter')
    expect(await page.getByRole('link', { name: /^Pay / }).count()).toBe(0)
    await keepScreenshot(page, 'order-pay-refused-cash')
    await expectNoSeriousViolations(page, SCREEN)
    expect(problems).toEqual([])
  })
})
