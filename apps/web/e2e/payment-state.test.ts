import type { Locator, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { adminSettings } from '@tableside/contracts/admin-settings'
import { order as orderSchema, type Order } from '@tableside/contracts/orders'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { adminLogin } from '@tableside/contracts/staff'
import { actAsManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { signInToFloor } from './garcon-service'
import { openKitchenBoard, openRoundTheClock } from './staff-service'
import {
  borscht,
  kvass,
  openTable,
  payOrderByCard,
  placeForLater,
  placeTableOrder,
  plain,
  rub,
  seatAtTable,
  waiterToken,
} from './table-service'

/**
 * Issue 28, "Payment state": money that has not arrived is never shown as paid — not to the
 * diner, not to the waiter, not in the back office. T5 is Анна's.
 */
const HOST = 'tableside.test'
const onWifi = () => baseUrl().replace('127.0.0.1', HOST)
const SCREEN = { include: '#main' }

async function readOrder(id: string): Promise<Order> {
  return orderSchema.parse(await (await fetch(`${baseUrl()}/api/v1/orders/${id}`)).json())
}

const tableCard = (page: Page, label: string) =>
  page
    .locator('.floor-table')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })

const orderRow = (scope: Page | Locator, number: number) =>
  scope.locator('.floor-order').filter({ hasText: `Заказ №${String(number)}` })

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const main = async (page: Page) => plain(await page.locator('#main').textContent())

describe('Payment state', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A diner leaves the card page and the bill still asks for the money', async () => {
    const session = await openTable('T5')
    const placed = await placeTableOrder(session, [borscht, kvass], 'card')
    const total = rub(placed.totals.total)

    const diner = await browser.phone()
    await seatAtTable(diner.page, session, [placed], { origin: onWifi() })
    await diner.page.goto(`${onWifi()}/rest/${restaurantId()}/order/${placed.id}/pay`, {
      waitUntil: 'networkidle',
    })
    await diner.page.getByRole('button', { name: /^Оплатить/ }).click()
    await diner.page.waitForURL('**/sandbox-acquirer/pay/**', { timeout: 15_000 })

    // On the bank's page the diner changes their mind and goes back to the shop, unpaid.
    await diner.page.getByRole('link', { name: 'Вернуться в магазин' }).click()
    await diner.page.waitForURL(new RegExp(`/order/${placed.id}/fail\\?payment=`))
    await expect
      .poll(async () => plain(await heading(diner.page).textContent()), { timeout: 10_000 })
      .toBe('Оплата ещё не поступила')
    const back = await main(diner.page)
    expect(back).toContain('Банк не подтвердил платёж')
    expect(back).not.toContain('Подтверждаем оплату')
    expect(back.split('Оплата ещё не поступила').length - 1).toBe(1)
    expect(back).not.toMatch(/Оплачено|Оплата прошла/)
    await keepScreenshot(diner.page, 'payment-left-bank-page')
    await expectNoSeriousViolations(diner.page, SCREEN)
    const failPage = diner.page.url()

    // The bill says the money is on its way and still asks for all of it.
    await diner.page.goto(`${onWifi()}/rest/${restaurantId()}/bill`, { waitUntil: 'networkidle' })
    const due = diner.page.locator('.bill-totals__row--due')
    await expect.poll(async () => plain(await due.textContent())).toContain(total)
    expect(plain(await diner.page.locator('.bill-totals__row--pending').textContent())).toContain(
      total,
    )
    expect(await main(diner.page)).toContain('Платёж проходит')
    expect(await main(diner.page)).not.toContain('Всё оплачено')
    await keepScreenshot(diner.page, 'bill-being-paid')

    // The waiter's table card says the same.
    const waiter = await browser.phone()
    await signInToFloor(waiter.page, onWifi())
    const card = tableCard(waiter.page, '5')
    const row = orderRow(card, placed.number)
    await row.waitFor()
    expect(plain(await card.locator('.floor-totals__due').textContent())).toContain(total)
    expect(plain(await row.textContent())).toContain('Оплачивается онлайн: деньги ещё не поступили')
    await row.scrollIntoViewIfNeeded()
    await keepScreenshot(waiter.page, 'garcon-being-paid')

    // The diner pays another way: the payment is given up, and the fail page says so.
    await diner.page.goto(failPage, { waitUntil: 'networkidle' })
    await diner.page.getByRole('button', { name: 'Оплатить другим способом' }).click()
    await expect
      .poll(async () => plain(await heading(diner.page).textContent()), { timeout: 10_000 })
      .toBe('Оплата не прошла')
    expect(await main(diner.page)).toContain('Платёж отменён.')
    await keepScreenshot(diner.page, 'payment-given-up')
    expect((await readOrder(placed.id)).paymentStatus).toBe('failed')

    await diner.page.goto(`${onWifi()}/rest/${restaurantId()}/bill`, { waitUntil: 'networkidle' })
    await expect.poll(async () => plain(await due.textContent())).toContain(total)
    expect(await diner.page.locator('.bill-totals__row--pending').count()).toBe(0)

    // The waiter's floor hears the card payment failed, live; the waiter takes the cash, and
    // the bill is settled.
    await expect
      .poll(async () => plain(await row.textContent()), { timeout: 10_000 })
      .toContain('Оплата онлайн не прошла — получите оплату или отмените заказ')
    await row.scrollIntoViewIfNeeded()
    await keepScreenshot(waiter.page, 'garcon-payment-failed')
    await row.getByRole('button', { name: /^Наличные/ }).click()
    await waiter.page
      .locator('dialog[open]')
      .getByRole('button', { name: /^Получено/ })
      .click()
    await expect
      .poll(async () => plain(await row.textContent()), { timeout: 10_000 })
      .toContain('Оплачен · наличными или картой официанту')
    await expect
      .poll(() => main(diner.page), { timeout: 10_000 })
      .toContain('Всё оплачено. Спасибо!')
    expect(diner.problems).toEqual([])
    expect(waiter.problems).toEqual([])
  })

  it('A pickup whose card was declined waits for its money, marked on the floor and in the back office', async () => {
    // Its first slot is soon whatever the hour, so the kitchen's longest lead time holds it on
    // the board below (late in the evening it would be tomorrow's opening, too far off).
    const reopen = await openRoundTheClock()
    onTestFinished(reopen)
    const placed = await placeForLater('pickup', [borscht], { paymentMethod: 'card' })
    await payOrderByCard(placed, SANDBOX_TEST_CARDS.declined)
    await expect
      .poll(async () => (await readOrder(placed.id)).paymentStatus, { timeout: 10_000 })
      .toBe('failed')

    const waiter = await browser.phone()
    await signInToFloor(waiter.page, onWifi())
    const row = orderRow(waiter.page.locator('.floor-away'), placed.number)
    await row.waitFor()
    const text = plain(await row.textContent())
    expect(text).toContain('Оплата онлайн не прошла — получите оплату или отмените заказ')
    expect(text).toContain('На кухню — после оплаты')
    expect(await row.getByRole('button', { name: 'Принять', exact: true }).count()).toBe(0)
    await row.scrollIntoViewIfNeeded()
    await keepScreenshot(waiter.page, 'garcon-pickup-payment-failed')

    const signedIn = await fetch(`${baseUrl()}/api/v1/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        restaurantId: restaurantId(),
        login: 'manager',
        password: 'tableside-demo',
      }),
    })
    expect(signedIn.status).toBe(200)
    const { token } = adminLogin.response.parse(await signedIn.json())
    const { page, context, problems } = await browser.phone()
    await actAsManager(context, onWifi(), token)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${onWifi()}/rest/${restaurantId()}/admin`, { waitUntil: 'networkidle' })
    const live = page
      .locator('.day-order')
      .filter({ hasText: new RegExp(`^Заказ ${String(placed.number)}(?!\\d)`) })
    await live.first().waitFor({ timeout: 10_000 })
    expect(plain(await live.first().textContent())).toContain(
      'Оплата не прошла — получите оплату или отмените',
    )
    await keepScreenshot(page, 'admin-live-payment-failed-1440')
    await page.setViewportSize({ width: 1024, height: 768 })
    await keepScreenshot(page, 'admin-live-payment-failed-1024')

    // The setting that decides it, on the settings screen.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${onWifi()}/rest/${restaurantId()}/admin/settings`, {
      waitUntil: 'networkidle',
    })
    const toggle = page.getByRole('checkbox', {
      name: /Готовить предоплаченные заказы до поступления денег/,
    })
    expect(await toggle.isChecked()).toBe(false)
    await toggle.scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'admin-settings-kitchen-before-payment-1440')

    // The restaurant chooses to cook first: the waiter sends the order, and the kitchen's
    // ticket says what the floor says, that it is not paid.
    await toggle.check()
    // The pickup is for the first slot the restaurant offers: whether that is within the
    // kitchen's lead time depends on the clock, so the lead time holds it on the board.
    await page.getByRole('textbox', { name: /Заказ на время приходит на кухню за/ }).fill('480')
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
    await expect
      .poll(async () => {
        const saved = await fetch(`${baseUrl()}/api/v1/admin/settings`, {
          headers: { 'x-manager-token': token },
        })
        return adminSettings.parse(await saved.json()).settings.kitchenBeforeOnlinePayment
      })
      .toBe(true)
    const waiterApi = await waiterToken()
    const accepted = await fetch(`${baseUrl()}/api/v1/garcon/orders/${placed.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-garcon-token': waiterApi },
      body: JSON.stringify({ status: 'accepted' }),
    })
    expect(accepted.status).toBe(200)
    await openKitchenBoard({ page, context }, onWifi())
    const ticket = page.locator(`.kitchen-ticket[data-order="${String(placed.number)}"]`)
    await ticket.first().waitFor({ timeout: 10_000 })
    expect(plain(await ticket.first().textContent())).toContain(
      'Не оплачен: оплата онлайн не прошла',
    )
    await keepScreenshot(page, 'kitchen-unpaid-ticket-1024')
    await page.setViewportSize({ width: 1440, height: 900 })
    await keepScreenshot(page, 'kitchen-unpaid-ticket-1440')
    expect(problems).toEqual([])
  })
})
