import { randomUUID } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { order, slots, type Order } from '@tableside/contracts/orders'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { changeSettings, openKitchenBoard, openRoundTheClock } from './staff-service'
import {
  borscht,
  kvass,
  moveOrder,
  openTable,
  placeTableOrder,
  plain,
  waiterToken,
} from './table-service'

/**
 * Issue 30, decision 0118: an order for later waits in the kitchen's "later" lane, with no timer,
 * and joins the live board the restaurant's lead time before it is due, by the screen's clock;
 * a fresh load agrees. The tickets' headers keep their lines apart at 1024, and 1440 is filled.
 */
const HOST = 'tableside.test'
const site = () => baseUrl().replace('127.0.0.1', HOST)

const slotsOn = async (date?: string) => {
  const query = date === undefined ? '' : `&date=${date}`
  const answer = await apiRequest('GET', `/restaurants/${restaurantId()}/slots?type=pickup${query}`)
  return slots.parse(answer.data)
}

const pickupAt = async (at: string, name: string): Promise<Order> =>
  order.parse(
    await apiPost(
      `/restaurants/${restaurantId()}/orders`,
      {
        type: 'pickup',
        lines: [borscht],
        paymentMethod: 'cash',
        contact: { name, phone: '+79161234567' },
        scheduledFor: at,
      },
      { headers: { 'idempotency-key': randomUUID() } },
    ),
  )

/** Whether two boxes share any point. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not drawn')
  return found
}

/** Every live ticket's header: number, timer and where never overlap; the clock icon sits on the time's line. */
async function expectHeadersApart(page: Page) {
  const headers = page.locator('.kitchen-ticket__header')
  const count = await headers.count()
  expect(count).toBeGreaterThan(0)
  for (let index = 0; index < count; index += 1) {
    const header = headers.nth(index)
    const number = await box(header.locator('.kitchen-ticket__number'))
    const timer = await box(header.locator('.kitchen-timer'))
    const where = await box(header.locator('.kitchen-ticket__where'))
    const station = await box(header.locator('.kitchen-ticket__station'))
    const icon = await box(header.locator('.kitchen-timer svg'))
    const time = await box(header.locator('.kitchen-timer__time'))
    for (const [a, b] of [
      [number, timer],
      [number, where],
      [timer, where],
      [where, station],
      [timer, station],
    ] as const) {
      expect(overlap(a, b), plain(await header.textContent())).toBe(false)
    }
    // Lines, not neighbours: where it goes under the number and the timer, the station under it.
    expect(where.y).toBeGreaterThanOrEqual(
      Math.max(number.y + number.height, timer.y + timer.height) - 1,
    )
    expect(station.y).toBeGreaterThanOrEqual(where.y + where.height - 1)
    // The button's name reads as words: "№5 0:00 Вовремя Самовывоз · к 06:00 …".
    expect(plain(await header.textContent())).toMatch(/^№\d+ \d+:\d\d /)
    const middle = icon.y + icon.height / 2
    expect(middle).toBeGreaterThan(time.y)
    expect(middle).toBeLessThan(time.y + time.height)
    expect(icon.x + icon.width).toBeLessThanOrEqual(time.x + 1)
  }
}

describe('The kitchen and orders for later', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('The kitchen holds tomorrow’s pickup until it is due', { timeout: 300_000 }, async () => {
    // The restaurant is open round the clock, so there is a pickup slot soon whatever the hour.
    const reopen = await openRoundTheClock()
    onTestFinished(reopen)
    const today = await slotsOn()
    const tomorrowDate = today.days.find((day) => day !== today.date) ?? ''
    const tomorrowNine = (await slotsOn(tomorrowDate)).slots.find((slot) => slot.label === '09:00')
    const soonSlot = today.slots[0]
    if (!tomorrowNine || !soonSlot) throw new Error('no pickup slots')
    const tomorrow = await pickupAt(tomorrowNine.at, 'Вера')
    const soon = await pickupAt(soonSlot.at, 'Олег')
    // Two tables' orders, three stations each: six live tickets.
    const atTables = [
      await placeTableOrder(await openTable('T2'), [
        borscht,
        kvass,
        { dishId: 'olivier', quantity: 1, optionIds: [] },
      ]),
      await placeTableOrder(await openTable('T3'), [
        borscht,
        kvass,
        { dishId: 'olivier', quantity: 2, optionIds: [] },
      ]),
    ]
    const waiter = await waiterToken()
    for (const placed of [tomorrow, soon, ...atTables]) {
      await moveOrder(waiter, placed.id, 'accepted')
    }

    // The soon pickup joins the board in a minute or two: a lead time that many whole minutes
    // before it is due (at least a minute from now, so the screen is seen to hold it first). The
    // screen's clock is moved to that moment rather than waited for (issue 25: no wall-clock waits).
    const due = Date.parse(soonSlot.at)
    let lead = Math.floor((due - Date.now()) / 60_000)
    if (due - lead * 60_000 - Date.now() < 60_000) lead -= 1
    const joinsAt = due - lead * 60_000
    await changeSettings((saved) => ({ settings: { ...saved.settings, kitchenLeadMinutes: lead } }))

    const { page, context, problems } = await browser.phone()
    await context.clock.install({ time: Date.now() })
    await openKitchenBoard({ page, context }, site())

    const ticketsOf = (placed: Order) =>
      page.locator(`.kitchen-ticket[data-order="${String(placed.number)}"]`)
    const laterOf = (placed: Order) =>
      page.locator(`.kitchen-later__order[data-order="${String(placed.number)}"]`)
    const lane = page.locator('.kitchen-later')
    await expect.poll(() => ticketsOf(atTables[1] as Order).count()).toBe(3)

    // Both pickups wait under "Позже", folded to one line naming the next; no timer runs there.
    expect(Date.now()).toBeLessThan(joinsAt)
    expect(await ticketsOf(tomorrow).count()).toBe(0)
    expect(await ticketsOf(soon).count()).toBe(0)
    const summary = plain(await lane.locator('summary').textContent())
    // Late in the restaurant's evening the soon slot is after its midnight, and says its day.
    expect(summary).toMatch(
      /^Позже 2 ближайший: №\d+ · Самовывоз (к \d\d:\d\d|на \d+ [а-я]+\.?, \d\d:\d\d)$/,
    )
    expect(summary).toContain(`№${String(soon.number)}`)
    await keepScreenshot(page, 'kitchen-later-folded-1024')
    await lane.locator('summary').click()
    const tomorrowLine = plain(await laterOf(tomorrow).textContent())
    expect(tomorrowLine).toMatch(
      new RegExp(`^№${String(tomorrow.number)} · Самовывоз на \\d+ [а-я]+\\.?, 09:00 на доске с`),
    )
    expect(tomorrowLine).toContain(`на доске с ${plainDay(tomorrowNine.at)}`)
    expect(await lane.locator('.kitchen-timer').count()).toBe(0)
    await keepScreenshot(page, 'kitchen-later-open-1024')
    await expectNoSeriousViolations(page)

    // The header's lines stay apart, and the bar keeps "Выйти" beside the title.
    await expectHeadersApart(page)
    const title = await box(page.locator('.kitchen__title'))
    const signOut = await box(page.getByRole('button', { name: 'Выйти' }))
    expect(signOut.y).toBeLessThan(title.y + title.height)
    expect(title.y).toBeLessThan(signOut.y + signOut.height)

    // Its time comes: the screen moves the soon pickup to the board by its clock, timer at 0.
    expect(Date.now()).toBeLessThan(joinsAt)
    expect(await ticketsOf(soon).count()).toBe(0)
    // Time moves on for the server too, as the screen sees it: the board's poll (every minute)
    // reads the server's clock, and without this would set the screen's back (use-clock.ts).
    const jump = joinsAt - (await page.evaluate(() => Date.now())) + 1_500
    const board = (url: URL) => url.pathname.endsWith('/api/v1/kitchen/tickets')
    await page.route(board, async (route) => {
      // Fetched by the test's side, which knows no tableside.test: the same request at 127.0.0.1.
      const response = await route.fetch({ url: route.request().url().replace(HOST, '127.0.0.1') })
      const answer = (await response.json()) as { now: string }
      const now = new Date(Date.parse(answer.now) + jump).toISOString()
      await route.fulfill({ response, json: { ...answer, now } })
    })
    await page.clock.fastForward(jump)
    await expect.poll(() => ticketsOf(soon).count()).toBeGreaterThan(0)
    expect(await laterOf(soon).count()).toBe(0)
    const joined = plain(await ticketsOf(soon).first().textContent())
    expect(joined).toMatch(/0:0\d/)
    expect(joined).toContain('Вовремя')
    expect(joined).toMatch(/Самовывоз · (к|на) /)
    await expectHeadersApart(page)
    await keepScreenshot(page, 'kitchen-later-joined-1024')

    // A fresh load agrees on the server's own time: with the lead two minutes longer the soon
    // pickup is due now, so it loads on the board; tomorrow's still waits.
    await changeSettings((saved) => ({
      settings: { ...saved.settings, kitchenLeadMinutes: lead + 2 },
    }))
    await page.unrouteAll()
    await page.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => ticketsOf(soon).count()).toBeGreaterThan(0)
    expect(await ticketsOf(tomorrow).count()).toBe(0)
    expect(await laterOf(tomorrow).count()).toBe(1)

    // 1440: the board fills the width, four columns or more.
    await page.setViewportSize({ width: 1440, height: 900 })
    const lefts = await page
      .locator('.kitchen-ticket')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)))
    expect(new Set(lefts).size).toBeGreaterThanOrEqual(4)
    await expectHeadersApart(page)
    await keepScreenshot(page, 'kitchen-later-1440')
    await expectNoSeriousViolations(page)

    // A phone: the same lanes, one column.
    await page.setViewportSize({ width: 390, height: 844 })
    await expectHeadersApart(page)
    await keepScreenshot(page, 'kitchen-later-390')
    expect(problems).toEqual([])
  })
})

/** "30 нояб., 08:30"-like text of the day a moment is on in Moscow, for the lane's "on the board at". */
function plainDay(at: string): string {
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'short',
  }).format(new Date(at))
}
