import type { WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { order } from '@tableside/contracts/orders'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import {
  borscht,
  kvass,
  moveOrder,
  openTable,
  payOrderByCard,
  placeDelivery,
  placeTableOrder,
  plain,
  seatAtTable,
  waiterToken,
} from './table-service'
import { openScreen } from './open-screen'

const SCREEN = { include: '#main' }

describe('A diner follows an order after placing it', () => {
  const browser = useBrowser()

  it('Order status updates live', async () => {
    const session = await openTable('T7')
    const placed = await placeTableOrder(session, [borscht, kvass])
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [placed])
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)

    const title = page.getByRole('heading', { level: 1 })
    expect(plain(await title.textContent())).toBe(`Заказ № ${String(placed.number)}`)
    const current = page.locator('[aria-current="step"]')
    await expect
      .poll(async () => plain(await current.textContent()))
      .toContain('Отправлен в ресторан')
    const details = plain(await page.locator('.order-view').textContent())
    expect(details).toContain('Борщ с говядиной и пампушками')
    expect(details).toContain('Сало с чесноком')
    expect(details).toContain('Без лука')
    // The table's zone in the page's language, as the restaurant named it (issue 14).
    expect(details).toContain(`${session.table.label} · Зал`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keepScreenshot(page, 'order-placed')
    await expectNoSeriousViolations(page, SCREEN)

    const token = await waiterToken()
    await moveOrder(token, placed.id, 'accepted')
    await expect.poll(async () => plain(await current.textContent())).toContain('Принят')
    // Once the restaurant has accepted it, the diner can no longer cancel it.
    expect(await page.getByRole('button', { name: 'Отменить заказ' }).count()).toBe(0)
    await moveOrder(token, placed.id, 'cooking')
    await expect.poll(async () => plain(await current.textContent())).toContain('Готовится')
    const done = page.locator('.order-timeline__step[data-state="done"]')
    expect(await done.count()).toBe(2)
    expect(await page.locator('.order-status-chip').textContent()).toBe('Готовится')
    await keepScreenshot(page, 'order-cooking')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('button', { name: 'English' }).click()
    await expect.poll(async () => plain(await current.textContent())).toContain('Cooking')
    expect(plain(await page.locator('.order-view').textContent())).toContain(
      `${session.table.label} · Hall`,
    )
    await keepScreenshot(page, 'order-cooking-en')
    expect(problems).toEqual([])
  })

  it('An order accepted before the screen listened shows as accepted once it listens', async () => {
    const session = await openTable('T8')
    const placed = await placeTableOrder(session, [kvass])
    const { page, problems } = await browser.phone()
    // A slow phone: the screen has read the order, and its subscription is still on the way.
    const held: string[] = []
    let holding = true
    let server: WebSocketRoute | undefined
    await page.routeWebSocket(/\/app\//, (socket) => {
      const toServer = socket.connectToServer()
      server = toServer
      socket.onMessage((message) => {
        if (holding && typeof message === 'string' && message.includes('pusher:subscribe')) {
          held.push(message)
        } else toServer.send(message)
      })
    })
    await seatAtTable(page, session, [placed])
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)
    const current = page.locator('[aria-current="step"]')
    await expect
      .poll(async () => plain(await current.textContent()))
      .toContain('Отправлен в ресторан')
    await expect.poll(() => held.some((message) => message.includes(placed.id))).toBe(true)

    // The restaurant accepts it before the screen listens: its event reaches nobody.
    await moveOrder(await waiterToken(), placed.id, 'accepted')
    holding = false
    for (const message of held.splice(0)) server?.send(message)
    // Read again once subscribed, well before the order's 15 s poll would have caught it.
    await expect
      .poll(async () => plain(await current.textContent()), { timeout: 7_000 })
      .toContain('Принят')
    expect(problems).toEqual([])
  })

  it('Diner cancels an order that is still placed', async () => {
    const session = await openTable('T8')
    const placed = await placeTableOrder(session, [kvass])
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [placed])
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)

    await page.getByRole('button', { name: 'Отменить заказ' }).click()
    const dialog = page.getByRole('dialog', { name: `Отменить заказ № ${String(placed.number)}?` })
    await keepScreenshot(page, 'order-cancel-confirm')
    await expectNoSeriousViolations(page)
    await dialog.getByRole('button', { name: 'Нет, оставить' }).click()
    expect(await dialog.count()).toBe(0)

    await page.getByRole('button', { name: 'Отменить заказ' }).click()
    await dialog.getByRole('button', { name: 'Да, отменить' }).click()
    const cancelled = page.locator('.order-timeline__step[data-state="cancelled"]')
    await expect.poll(async () => plain(await cancelled.textContent())).toContain('Отменён')
    expect(await page.getByRole('button', { name: 'Отменить заказ' }).count()).toBe(0)
    await keepScreenshot(page, 'order-cancelled')
    await expectNoSeriousViolations(page, SCREEN)

    const stored = order.parse(
      await (await fetch(`${baseUrl()}/api/v1/orders/${placed.id}`)).json(),
    )
    expect(stored.status).toBe('cancelled')
    expect(problems).toEqual([])
  })

  it('An order the restaurant accepted meanwhile cannot be cancelled, and the diner is told why', async () => {
    const session = await openTable('T8')
    const placed = await placeTableOrder(session, [kvass])
    const { page } = await browser.phone()
    // Keep the screen from hearing of the acceptance, as on a phone whose socket dropped.
    await page.routeWebSocket(/\/app\//, () => undefined)
    await seatAtTable(page, session, [placed])
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)
    await moveOrder(await waiterToken(), placed.id, 'accepted')

    await page.getByRole('button', { name: 'Отменить заказ' }).click()
    await page.getByRole('button', { name: 'Да, отменить' }).click()
    const alert = page.getByRole('alert')
    await expect.poll(async () => plain(await alert.textContent())).toContain('уже принял')
    await expect
      .poll(async () => plain(await page.locator('[aria-current="step"]').textContent()))
      .toContain('Принят')
    await keepScreenshot(page, 'order-not-cancellable')
  })

  it('A delivery order says where, when and to whom it goes, with the delivery fee', async () => {
    const placed = await placeDelivery([borscht, kvass])
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/${placed.id}`)
    const details = page.getByRole('region', { name: 'Детали' })
    await expect.poll(async () => plain(await details.textContent())).toContain('Арбат, 12')
    const text = plain(await details.textContent())
    expect(text).toContain('Доставка')
    expect(text).toContain('кв. 5')
    expect(text).toContain('Мария, +7 916 123-45-67')
    expect(text).not.toContain('Как можно скорее')
    const dishes = plain(await page.getByRole('region', { name: 'Блюда' }).textContent())
    if (placed.totals.deliveryFee > 0) expect(dishes).toContain('Доставка')
    await page.getByRole('region', { name: 'Детали' }).scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'order-delivery')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('region', { name: 'Блюда' }).scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'order-delivery-dishes')
    expect(problems).toEqual([])
  })

  it('My orders lists this phone’s orders newest first, and the table’s others apart', async () => {
    const session = await openTable('T10')
    const first = await placeTableOrder(session, [kvass], 'card')
    const second = await placeTableOrder(session, [borscht])
    const neighbours = await placeTableOrder(session, [kvass])
    // The first is paid by card online: the list says so (issue 28), the unpaid one says nothing.
    await payOrderByCard(first, SANDBOX_TEST_CARDS.succeeds)
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session, [second, first])
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/orders`)

    const mine = page.getByRole('region', { name: 'С этого телефона' }).getByRole('link')
    await expect
      .poll(() => mine.allTextContents())
      .toEqual([
        expect.stringContaining(`Заказ № ${String(second.number)}`),
        expect.stringContaining(`Заказ № ${String(first.number)}`),
      ])
    await expect
      .poll(async () => plain(await mine.last().textContent()))
      .toContain('Оплачен картой онлайн')
    expect(plain(await mine.first().textContent())).not.toContain('Оплачен')
    const atTable = page.getByRole('region', { name: 'За вашим столом' })
    expect(plain(await atTable.textContent())).toContain(`Заказ № ${String(neighbours.number)}`)
    expect(await atTable.getByRole('link').count()).toBe(0)
    await keepScreenshot(page, 'orders-list')
    await expectNoSeriousViolations(page, SCREEN)

    await mine.first().click()
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/rest/${restaurantId()}/order/${second.id}`)
    expect(problems).toEqual([])
  })

  it('With no orders the list leads to the menu', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/orders`)
    await expect.poll(() => page.getByRole('heading', { name: 'Заказов пока нет' }).count()).toBe(1)
    await keepScreenshot(page, 'orders-empty')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('link', { name: 'Перейти в меню' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
    expect(problems).toEqual([])
  })

  it('An unknown order says so plainly', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(
      page,
      `${baseUrl()}/rest/${restaurantId()}/order/00000000-0000-4000-8000-000000000000`,
    )
    await expect.poll(() => page.getByRole('heading', { name: 'Заказ не найден' }).count()).toBe(1)
    await keepScreenshot(page, 'order-not-found')
    await expectNoSeriousViolations(page, SCREEN)
    // The browser reports the API's 404 in the console; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([])
  })
})
