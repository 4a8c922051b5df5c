import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { garconFloor, type FloorTable } from '@tableside/contracts/garcon-floor'
import { order as orderSchema } from '@tableside/contracts/orders'
import type { TableSession } from '@tableside/contracts/table-sessions'
import { apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, storageKey, useBrowser } from './fixtures'
import { signInToFloor } from './garcon-service'
import { managerHeaders } from './staff-service'
import {
  borscht,
  herring,
  kvass,
  moveOrder,
  openTable,
  placeForLater,
  placeTableOrder,
  plain,
  rub,
  waiterToken,
} from './table-service'

/**
 * The floor on the waiter's live screen (issue 15): a card per table with its orders, money and
 * calls, and what the waiter does there. T5 and T6 are Анна's.
 */
const HOST = 'tableside.test'
const onWifi = () => baseUrl().replace('127.0.0.1', HOST)

const asWaiter = (token: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
  apiRequest(method, path, {
    headers: { 'x-garcon-token': token, 'idempotency-key': crypto.randomUUID() },
    body,
  })

async function floorTable(token: string, code: string): Promise<FloorTable | undefined> {
  const { data } = await asWaiter(token, 'GET', '/garcon/floor')
  return garconFloor.parse(data).tables.find((table) => table.code === code)
}

const tableCard = (page: Page, label: string) =>
  page
    .locator('.floor-table')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })

const orderRow = (card: Locator, number: number) =>
  card.locator('.floor-order').filter({ hasText: `Заказ №${String(number)}` })

const sheet = (page: Page) => page.locator('dialog[open]')

async function seatOnWifi(page: Page, session: TableSession) {
  await page.goto(`${onWifi()}/rest/${restaurantId()}/menu`, { waitUntil: 'networkidle' })
  await page.evaluate(([key, saved]) => localStorage.setItem(key, saved), [
    storageKey('table-session'),
    JSON.stringify(session),
  ] as const)
}

describe("The waiter's floor", () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Waiter takes cash for the table and the diners see the bill settled', async () => {
    const token = await waiterToken()
    const session = await openTable('T6')
    const first = await placeTableOrder(session, [borscht, kvass])
    const second = await placeTableOrder(session, [herring])
    // The kitchen has the second one served already.
    for (const status of ['accepted', 'cooking', 'ready', 'served'] as const) {
      await moveOrder(token, second.id, status)
    }
    const due = first.totals.total + second.totals.total

    const diner = await browser.phone()
    await seatOnWifi(diner.page, session)
    await diner.page.goto(`${onWifi()}/rest/${restaurantId()}/bill`, { waitUntil: 'networkidle' })
    await expect
      .poll(async () => plain(await diner.page.locator('.bill-totals__row--due').textContent()))
      .toContain(rub(due))

    const waiter = await browser.phone()
    await signInToFloor(waiter.page)
    const card = tableCard(waiter.page, '6')
    await orderRow(card, first.number).waitFor()
    const row = orderRow(card, first.number)
    expect(plain(await row.textContent())).toContain('Новый')
    expect(plain(await row.textContent())).toContain('гость')
    expect(plain(await row.textContent())).toContain('Борщ с говядиной и пампушками')
    expect(plain(await card.locator('.floor-totals__due').textContent())).toContain(rub(due))

    // The guests ask for the bill: the card shows the call live, and how long they have waited.
    await asWaiter(token, 'POST', '/garcon/alerts/read-all')
    const called = await apiRequest('POST', `/restaurants/${restaurantId()}/waiter-calls`, {
      body: { tableSessionId: session.id, reason: 'bill' },
    })
    expect(called.status).toBe(201)
    const billCall = card.locator('.floor-call').filter({ hasText: 'Просят счёт' })
    await billCall.waitFor({ timeout: 5_000 })
    expect(plain(await billCall.textContent())).toMatch(/только что|ждут \d+ с/)
    await billCall.getByRole('button', { name: 'Иду' }).click()
    await expect.poll(async () => plain(await billCall.textContent())).toContain('Анна идёт')

    // The order's next steps are buttons; each one moves it on.
    for (const [step, status] of [
      ['Принять', 'Принят'],
      ['Готовится', 'Готовится'],
      ['Готов', 'Готов'],
      ['Подан', 'Подан'],
    ] as const) {
      await row.getByRole('button', { name: step, exact: true }).click()
      await expect
        .poll(async () => plain(await row.locator('.floor-order__status').textContent()))
        .toBe(status)
    }
    // Closing waits for the money.
    expect(await card.getByRole('button', { name: 'Закрыть стол' }).isDisabled()).toBe(true)
    const showCard = () =>
      card.evaluate((element) => {
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72)
      })
    await showCard()
    await keepScreenshot(waiter.page, 'garcon-floor')
    await expectNoSeriousViolations(waiter.page, { include: '.floor' })
    await waiter.page.setViewportSize({ width: 1024, height: 768 })
    await showCard()
    await keepScreenshot(waiter.page, 'garcon-floor-1024')
    await waiter.page.setViewportSize({ width: 1440, height: 900 })
    await showCard()
    await keepScreenshot(waiter.page, 'garcon-floor-1440')
    await waiter.page.setViewportSize({ width: 390, height: 844 })

    await card.getByRole('button', { name: 'Наличные за стол' }).click()
    await sheet(waiter.page).waitFor()
    expect(plain(await sheet(waiter.page).textContent())).toContain(rub(due))
    await keepScreenshot(waiter.page, 'garcon-floor-cash')
    await expectNoSeriousViolations(waiter.page, { include: 'dialog[open]' })
    await sheet(waiter.page)
      .getByRole('button', { name: `Получено: ${rub(due)}` })
      .click()
    await expect.poll(() => sheet(waiter.page).count()).toBe(0)
    await expect
      .poll(async () => plain(await card.locator('.floor-totals__due').textContent()))
      .toContain(rub(0))

    // The diners' bill follows, live.
    await diner.page.getByText('Всё оплачено. Спасибо!').waitFor({ timeout: 10_000 })
    expect(plain(await diner.page.locator('.bill-totals__row--due').textContent())).toContain(
      rub(0),
    )

    await billCall.getByRole('button', { name: 'Готово' }).click()
    await expect.poll(() => billCall.count()).toBe(0)

    // Settled: the table can be closed, and becomes free.
    await card.getByRole('button', { name: 'Закрыть стол' }).click()
    await sheet(waiter.page).waitFor()
    await keepScreenshot(waiter.page, 'garcon-floor-close')
    await expectNoSeriousViolations(waiter.page, { include: 'dialog[open]' })
    await sheet(waiter.page).getByRole('button', { name: 'Закрыть стол' }).click()
    await expect
      .poll(async () => plain(await card.locator('.floor-table__state').textContent()))
      .toBe('Свободен')
    expect(await floorTable(token, 'T6').then((table) => table?.session)).toBeNull()
    expect(waiter.problems.filter((problem) => !problem.includes('Push API'))).toEqual([])
  })

  it('Waiter places an order for a table without phones', async () => {
    const token = await waiterToken()
    // Guests without phones: the waiter opened the table for them.
    await openTable('T5')

    const waiter = await browser.phone()
    await signInToFloor(waiter.page)
    const card = tableCard(waiter.page, '5')
    await card.getByText('Заказов пока нет.').waitFor()

    await card.getByRole('button', { name: 'Заказ за стол' }).click()
    const order = sheet(waiter.page)
    await order.getByRole('button', { name: 'Добавить Квас домашний' }).waitFor()
    await order.getByRole('button', { name: 'Добавить Квас домашний' }).click()
    await order.getByRole('button', { name: 'Добавить Квас домашний' }).click()
    // The size is asked for (300 мл preselected); the waiter picks the large one.
    await order.getByRole('button', { name: /^500 мл/ }).click()
    await order.getByRole('button', { name: 'Добавить Сельдь с картофелем и луком' }).click()
    const total = 2 * (22000 + 10000) + 49000
    const place = order.getByRole('button', { name: `Отправить · ${rub(total)}` })
    await order.locator('.order-dish').filter({ hasText: 'Квас домашний' }).scrollIntoViewIfNeeded()
    await keepScreenshot(waiter.page, 'garcon-floor-order')
    await expectNoSeriousViolations(waiter.page, { include: 'dialog[open]' })
    await place.click()
    await expect.poll(() => sheet(waiter.page).count()).toBe(0)

    // It is on the card, by the waiter, and its history names her.
    const placed = (await floorTable(token, 'T5'))?.session?.orders[0]
    if (!placed) throw new Error('no order at T5')
    expect(placed.placedBy).toEqual({ name: 'Анна' })
    expect(placed.total).toBe(total)
    const row = orderRow(card, placed.number)
    await row.waitFor()
    expect(plain(await row.textContent())).toContain('официант Анна')
    expect(plain(await row.textContent())).toContain('2 × Квас домашний (500 мл)')
    const history = orderSchema.parse(
      (await apiRequest('GET', `/orders/${placed.id}`)).data,
    ).history
    expect(history[0]?.waiter).toEqual({ name: 'Анна' })

    // The kvass runs out while the sheet is closed, when nothing on the screen listens for the
    // menu: opened again within its cached menu's minute, the sheet still says so.
    const kvassOnSale = (available: boolean) =>
      managerHeaders().then((headers) =>
        apiRequest('PUT', `/admin/menu/dishes/${kvass.dishId}/availability`, {
          headers,
          body: { available },
        }),
      )
    expect((await kvassOnSale(false)).status).toBe(200)
    await card.getByRole('button', { name: 'Заказ за стол' }).click()
    const kvassLine = sheet(waiter.page).locator('.order-dish', { hasText: 'Квас домашний' })
    await expect.poll(async () => plain(await kvassLine.textContent())).toContain('Нет в наличии')
    await kvassLine.scrollIntoViewIfNeeded()
    await keepScreenshot(waiter.page, 'garcon-floor-order-sold-out')
    expect(
      await sheet(waiter.page).getByRole('button', { name: 'Добавить Квас домашний' }).count(),
    ).toBe(0)
    await sheet(waiter.page).getByRole('button', { name: 'Назад' }).click()
    expect((await kvassOnSale(true)).status).toBe(200)

    // Moving the guests offers the restaurant's free tables.
    await card.getByRole('button', { name: 'Пересадить гостей' }).click()
    await sheet(waiter.page)
      .getByRole('button', { name: /^На стол/ })
      .first()
      .waitFor()
    expect(await sheet(waiter.page).getByRole('button', { name: 'На стол 5' }).count()).toBe(0)
    await keepScreenshot(waiter.page, 'garcon-floor-move')
    await expectNoSeriousViolations(waiter.page, { include: 'dialog[open]' })
    await sheet(waiter.page).getByRole('button', { name: 'Назад' }).click()

    // A cancel asks why; the diners read it in the order's history.
    await row.getByRole('button', { name: 'Отменить заказ' }).click()
    const cancel = sheet(waiter.page)
    await cancel.getByRole('textbox', { name: 'Причина' }).fill('Гости передумали')
    await keepScreenshot(waiter.page, 'garcon-floor-cancel')
    await expectNoSeriousViolations(waiter.page, { include: 'dialog[open]' })
    await cancel.getByRole('button', { name: 'Отменить заказ' }).click()
    await expect
      .poll(async () => plain(await row.locator('.floor-order__status').textContent()))
      .toBe('Отменён')
    const cancelled = orderSchema.parse((await apiRequest('GET', `/orders/${placed.id}`)).data)
    expect(cancelled.history.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'Гости передумали',
    })

    // Nothing due: the table closes by hand.
    await card.getByRole('button', { name: 'Закрыть стол' }).click()
    await sheet(waiter.page).getByRole('button', { name: 'Закрыть стол' }).click()
    await expect
      .poll(async () => plain(await card.locator('.floor-table__state').textContent()))
      .toBe('Свободен')
    expect(waiter.problems.filter((problem) => !problem.includes('Push API'))).toEqual([])
  })

  it('Waiter hands a pickup over at the counter and sends a delivery on its way', async () => {
    const token = await waiterToken()
    const pickup = await placeForLater('pickup', [borscht], {
      contact: { name: 'Вера', phone: '+79031112233' },
    })
    const delivery = await placeForLater('delivery', [borscht, borscht, kvass, herring], {
      contact: { name: 'Пётр', phone: '+79164445566' },
      address: { street: 'Покровка', house: '17', apartment: '5', floor: '3', intercom: '5К' },
    })

    const waiter = await browser.phone()
    await signInToFloor(waiter.page)
    const away = waiter.page.locator('.floor-away')
    const pickupRow = orderRow(away, pickup.number)
    const deliveryRow = orderRow(away, delivery.number)
    await pickupRow.waitFor()
    expect(plain(await pickupRow.textContent())).toContain('Самовывоз')
    expect(plain(await pickupRow.textContent())).toContain('Вера')
    const call = pickupRow.getByRole('link', { name: '+7 (903) 111-22-33' })
    expect(await call.getAttribute('href')).toBe('tel:+79031112233')
    expect(plain(await deliveryRow.textContent())).toContain(
      'Покровка, 17, кв. 5, этаж 3, домофон 5К',
    )
    await deliveryRow.scrollIntoViewIfNeeded()
    await keepScreenshot(waiter.page, 'garcon-floor-delivery')
    await expectNoSeriousViolations(waiter.page, { include: '.floor-away' })

    // The pickup: accepted, cooked, paid in cash at the counter and handed over; then it is gone.
    for (const step of ['Принять', 'Готовится', 'Готов']) {
      await pickupRow.getByRole('button', { name: step, exact: true }).click()
      await pickupRow
        .getByRole('button', { name: step, exact: true })
        .waitFor({ state: 'detached' })
    }
    await pickupRow.getByRole('button', { name: /^Наличные/ }).click()
    await sheet(waiter.page)
      .getByRole('button', { name: /^Получено/ })
      .click()
    await expect.poll(() => sheet(waiter.page).count()).toBe(0)
    await pickupRow.getByRole('button', { name: 'Выдан', exact: true }).click()
    await pickupRow.waitFor({ state: 'detached' })
    const handed = orderSchema.parse((await apiRequest('GET', `/orders/${pickup.id}`)).data)
    expect(handed).toMatchObject({ status: 'completed', paymentStatus: 'paid' })

    // The delivery goes out once ready: "В путь" comes after "Готов", never "Подан".
    for (const status of ['accepted', 'cooking', 'ready'] as const) {
      await moveOrder(token, delivery.id, status)
    }
    await waiter.page.reload({ waitUntil: 'networkidle' })
    await deliveryRow.getByRole('button', { name: 'В путь', exact: true }).click()
    await expect
      .poll(async () => plain(await deliveryRow.locator('.floor-order__status').textContent()))
      .toBe('В пути')
    expect(await deliveryRow.getByRole('button', { name: 'Подан' }).count()).toBe(0)
    expect(waiter.problems.filter((problem) => !problem.includes('Push API'))).toEqual([])
  })
})
