import { describe, expect, it } from 'vitest'
import { apiPost } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, useBrowser } from './fixtures'
import { managerHeaders, openKitchenBoard } from './staff-service'
import {
  borscht,
  kvass,
  moveOrder,
  openTable,
  placeTableOrder,
  plain,
  takeCash,
  waiterToken,
} from './table-service'
import { reloadScreen } from './open-screen'

/**
 * Issue 28, decision 0119: the kitchen sees what a manager took off an order it is cooking. A
 * part refund of a line says «Отменено: N» on its dish; a comp of the whole line strikes it out.
 * Decision 0131: a whole order cancelled stays, struck through with «Заказ отменён», until a cook
 * removes it (or five minutes pass).
 */
const HOST = 'tableside.test'
const site = () => baseUrl().replace('127.0.0.1', HOST)

describe('The kitchen and refunds', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('The kitchen sees a cancelled line struck out', async () => {
    const session = await openTable('T2')
    const placed = await placeTableOrder(session, [{ ...borscht, quantity: 2 }, kvass])
    const garcon = await waiterToken()
    await moveOrder(garcon, placed.id, 'accepted')
    await takeCash(garcon, placed.id)

    const { page, context, problems } = await browser.phone()
    await openKitchenBoard({ page, context }, site())
    const tickets = page.locator(`.kitchen-ticket[data-order="${String(placed.number)}"]`)
    const dish = (name: RegExp) => tickets.locator('.kitchen-dish').filter({ hasText: name })
    const soup = dish(/Борщ/)
    const drink = dish(/Квас/)
    await soup.waitFor()
    await drink.waitFor()
    expect(await tickets.locator('.kitchen-dish__cancelled').count()).toBe(0)

    // The manager refunds one of the two borschts and puts the kvass on the house.
    const manager = { headers: await managerHeaders() }
    await apiPost(
      `/admin/orders/${placed.id}/refunds`,
      { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Остыл' },
      manager,
    )
    await apiPost(
      `/admin/orders/${placed.id}/refunds`,
      { kind: 'comp', lines: [{ line: 1, quantity: 2 }], reason: 'Долго ждали' },
      manager,
    )

    // Without a reload: one borscht is cancelled, the other still to cook (not struck out);
    // both kvass are cancelled, the line struck out.
    await expect
      .poll(async () => plain(await soup.locator('.kitchen-dish__cancelled').textContent()), {
        timeout: 15_000,
      })
      .toBe('Отменено: 1')
    await expect
      .poll(async () => plain(await drink.locator('.kitchen-dish__cancelled').textContent()), {
        timeout: 15_000,
      })
      .toBe('Отменено: 2')
    const struck = (selector: string) =>
      drink.locator(selector).evaluate((element) => getComputedStyle(element).textDecorationLine)
    expect(await struck('.kitchen-dish__name')).toBe('line-through')
    expect(await struck('.kitchen-dish__quantity')).toBe('line-through')
    expect(
      await soup
        .locator('.kitchen-dish__name')
        .evaluate((element) => getComputedStyle(element).textDecorationLine),
    ).toBe('none')

    await keepScreenshot(page, 'kitchen-refunds-1024')
    await page.setViewportSize({ width: 1440, height: 900 })
    await keepScreenshot(page, 'kitchen-refunds-1440')
    await expectNoSeriousViolations(page)
    expect(problems).toEqual([])
  })
  it('The kitchen sees a cancelled order go', async () => {
    const session = await openTable('T3')
    const placed = await placeTableOrder(session, [borscht])
    const garcon = await waiterToken()
    await moveOrder(garcon, placed.id, 'accepted')
    const { page, context, problems } = await browser.phone()
    await openKitchenBoard({ page, context }, site())
    const ticket = page.locator(`.kitchen-ticket[data-order="${String(placed.number)}"]`)
    await ticket.waitFor()

    // The waiter cancels it: without a reload it stays, struck through, and says so.
    await apiPost(
      `/garcon/orders/${placed.id}/status`,
      { status: 'cancelled', reason: 'Гость ушёл' },
      { headers: { 'x-garcon-token': garcon } },
    )
    const notice = ticket.locator('.kitchen-ticket__cancelled')
    await expect
      .poll(async () => plain(await notice.locator('span').first().textContent()), {
        timeout: 15_000,
      })
      .toBe('Заказ отменён')
    expect(
      await ticket
        .locator('.kitchen-dish__name')
        .first()
        .evaluate((element) => getComputedStyle(element).textDecorationLine),
    ).toBe('line-through')
    await keepScreenshot(page, 'kitchen-cancelled-1024')
    await page.setViewportSize({ width: 1440, height: 900 })
    await keepScreenshot(page, 'kitchen-cancelled-1440')
    await expectNoSeriousViolations(page)

    // A cook removes it: it goes, and stays gone after a reload.
    await ticket
      .getByRole('button', { name: `Убрать отменённый заказ №${String(placed.number)} с экрана` })
      .first()
      .click()
    await expect.poll(async () => ticket.count(), { timeout: 15_000 }).toBe(0)
    await reloadScreen(page)
    expect(await ticket.count()).toBe(0)
    expect(problems).toEqual([])
  })
})
