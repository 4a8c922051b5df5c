import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Order } from '@tableside/contracts/orders'
import { adminMenu } from '@tableside/contracts/menu-admin'
import { apiRequest } from './api-request'
import { pageHeading } from './client-service'
import { baseUrl, keepScreenshot, restaurantUrl, useBrowser } from './fixtures'
import { signInOnScreen } from './garcon-service'
import { managerToken, openKitchenBoard } from './staff-service'
import { borscht, kvass, moveOrder, placeForLater, plain, waiterToken } from './table-service'
import { openScreen, reloadScreen } from './open-screen'

/**
 * Staff devices set to a zone far from the restaurant's (issue 30): a waiter's phone on UTC, a
 * kitchen tablet in Los Angeles and a manager's screen across the date line all show a Moscow
 * restaurant's times, as its guests chose them: a 22:30 delivery never reads "К 19:30".
 */
const HOST = 'tableside.test'
const RESTAURANT_ZONE = 'Europe/Moscow'
const site = () => baseUrl().replace('127.0.0.1', HOST)

const format = (at: string | number, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, ...options }).format(new Date(at))
const clock = (at: string, timeZone: string) =>
  format(at, timeZone, { hour: '2-digit', minute: '2-digit' })
const day = (at: string | number, timeZone: string) =>
  format(at, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * What a screen says an order is wanted for, on the restaurant's calendar: "к 22:30" today there,
 * "на 30 нояб., 22:30" on another day (the waiter's floor writes it with a capital).
 */
function wantedText(placed: Order, { capital = false } = {}): string {
  const at = placed.scheduledFor ?? ''
  const time = clock(at, RESTAURANT_ZONE)
  const text =
    day(at, RESTAURANT_ZONE) === day(Date.now(), RESTAURANT_ZONE)
      ? `к ${time}`
      : `на ${format(at, RESTAURANT_ZONE, { day: 'numeric', month: 'short' })}, ${time}`
  return capital ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text
}

/** A Moscow guest's delivery for 22:30 and pickup for 09:00, the times of the issue. */
async function guestsOrders(): Promise<{ delivery: Order; pickup: Order }> {
  const delivery = await placeForLater('delivery', [borscht, kvass], {
    at: '22:30',
    address: { street: 'Покровка', house: '17', apartment: '5' },
  })
  const pickup = await placeForLater('pickup', [borscht], {
    at: '09:00',
    contact: { name: 'Вера', phone: '+79031112233' },
  })
  return { delivery, pickup }
}

const orderRow = (page: Page, selector: string, number: number) =>
  page.locator(selector).filter({ hasText: new RegExp(`№\\s?${String(number)}(?!\\d)`) })

describe('Staff screens in a far time zone', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A waiter on a UTC phone sees a Moscow restaurant’s times', async () => {
    const { delivery, pickup } = await guestsOrders()
    const { page, problems } = await browser.phone({ timezoneId: 'UTC' })
    await openScreen(page, restaurantUrl('/garcon', site()))
    // The phone really is on UTC: its own clock is three hours behind the restaurant's.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC')
    await signInOnScreen(page, 'anna', '1111')

    const away = page.locator('.floor-away')
    const deliveryRow = orderRow(page, '.floor-away .floor-order', delivery.number)
    const pickupRow = orderRow(page, '.floor-away .floor-order', pickup.number)
    await deliveryRow.waitFor()
    for (const [row, placed, time] of [
      [deliveryRow, delivery, '22:30'],
      [pickupRow, pickup, '09:00'],
    ] as const) {
      const when = plain(await row.locator('.floor-away__when').textContent())
      expect(when).toContain(wantedText(placed, { capital: true }))
      expect(when).toContain(time)
      expect(when).not.toContain(clock(placed.scheduledFor ?? '', 'UTC'))
    }
    await away.scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'restaurant-time-garcon-utc-390')
    expect(problems.filter((problem) => !problem.includes('Push API'))).toEqual([])
  })

  it('The kitchen’s tablet in Los Angeles shows the Moscow times its tickets are for', async () => {
    const { delivery, pickup } = await guestsOrders()
    const token = await waiterToken()
    for (const placed of [delivery, pickup]) await moveOrder(token, placed.id, 'accepted')
    const { page, context, problems } = await browser.phone({ timezoneId: 'America/Los_Angeles' })
    await openKitchenBoard({ page, context }, site())
    // An order not due yet waits in the "later" lane (decision 0118), a due one is a ticket.
    await page.locator('.kitchen__tickets').waitFor()
    const lane = page.locator('.kitchen-later summary')
    if ((await lane.count()) > 0) await lane.click()
    for (const placed of [delivery, pickup]) {
      const number = String(placed.number)
      const shown = page
        .locator(
          `.kitchen-ticket[data-order="${number}"] .kitchen-ticket__where, .kitchen-later__order[data-order="${number}"]`,
        )
        .first()
      await shown.waitFor()
      const where = plain(await shown.textContent())
      expect(where).toContain(wantedText(placed))
      expect(where).not.toContain(clock(placed.scheduledFor ?? '', 'America/Los_Angeles'))
    }
    await keepScreenshot(page, 'restaurant-time-kitchen-la-1024')
    expect(problems).toEqual([])
  })

  it('A manager across the date line sees the orders’ Moscow times and the Moscow day', async () => {
    const { delivery, pickup } = await guestsOrders()
    // Kiritimati is 11 hours ahead of Moscow, Pago Pago 14 behind: whenever the story runs, one
    // of them is on another day than the restaurant; the manager's screen is set to that one.
    const now = Date.now()
    const managerZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (zone) => day(now, zone) !== day(now, RESTAURANT_ZONE),
    )
    if (!managerZone) throw new Error('no zone on another day than Moscow')
    const token = await managerToken()

    const { page, context, problems } = await browser.phone({ timezoneId: managerZone })
    await context.addCookies([{ name: 'manager_token', value: token, url: site() }])
    await page.setViewportSize({ width: 1440, height: 900 })
    await openScreen(page, restaurantUrl('/admin', site()))
    expect(await pageHeading(page)).toBe('Сейчас')
    const orders = page.getByRole('region', { name: /^Заказы/ })
    for (const placed of [delivery, pickup]) {
      const row = orders
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`Заказ ${String(placed.number)}(?!\\d)`) })
      await row.waitFor({ timeout: 15_000 })
      const wanted = plain(await row.locator('.day-badge--quiet').textContent())
      expect(wanted).toContain(wantedText(placed))
      expect(wanted).not.toContain(clock(placed.scheduledFor ?? '', managerZone))
      // When it was placed, on the restaurant's clock too.
      expect(plain(await row.locator('.day-order__time').textContent())).toBe(
        clock(placed.placedAt, RESTAURANT_ZONE),
      )
    }
    await keepScreenshot(page, 'restaurant-time-live-1440')
    await page.setViewportSize({ width: 1024, height: 768 })
    await keepScreenshot(page, 'restaurant-time-live-1024')
    await page.setViewportSize({ width: 390, height: 844 })
    await keepScreenshot(page, 'restaurant-time-live-390')
    await page.setViewportSize({ width: 1440, height: 900 })

    // The report opens on the restaurant's today, not the screen's.
    await page.getByRole('link', { name: 'Отчёты' }).click()
    await expect.poll(() => pageHeading(page)).toBe('Отчёты')
    const moscowToday = new Intl.DateTimeFormat('en-CA', { timeZone: RESTAURANT_ZONE }).format(now)
    expect(await page.getByRole('textbox', { name: 'С' }).inputValue()).toBe(moscowToday)
    expect(await page.getByRole('textbox', { name: 'По' }).inputValue()).toBe(moscowToday)
    expect(problems).toEqual([])
  })

  it('A manager in Los Angeles picks a story’s period on the Moscow clock', async () => {
    const token = await managerToken()
    const { page, context, problems } = await browser.phone({ timezoneId: 'America/Los_Angeles' })
    await context.addCookies([{ name: 'manager_token', value: token, url: site() }])
    await page.setViewportSize({ width: 1440, height: 900 })
    await openScreen(page, restaurantUrl('/admin/menu', site()))
    await page.getByRole('button', { name: 'Истории' }).click()
    const story = page.locator('.admin-menu__story').first()
    // 10:00 on 1 December in Moscow, and midnight going into the 2nd, are 07:00 and 21:00 UTC.
    await story.getByLabel('Показывать с').fill('2026-12-01T10:00')
    await story.getByLabel('Показывать до').fill('2026-12-02T00:00')
    await page.getByRole('button', { name: 'Сохранить истории' }).click()
    await page.getByText('Сохранено. Гости уже видят.').waitFor()

    const saved = await apiRequest('GET', '/admin/menu', { headers: { 'x-manager-token': token } })
    const first = adminMenu.parse(saved.data).file.stories[0]
    expect(first && Date.parse(first.startsAt ?? '')).toBe(Date.parse('2026-12-01T07:00:00Z'))
    expect(first && Date.parse(first.endsAt ?? '')).toBe(Date.parse('2026-12-01T21:00:00Z'))

    // Opened again, the fields read what the manager picked, not Los Angeles' 23:00 and 13:00.
    await reloadScreen(page)
    await page.getByRole('button', { name: 'Истории' }).click()
    expect(await story.getByLabel('Показывать с').inputValue()).toBe('2026-12-01T10:00')
    expect(await story.getByLabel('Показывать до').inputValue()).toBe('2026-12-02T00:00')
    expect(problems).toEqual([])
  })
})
