import { describe, expect, it, onTestFinished } from 'vitest'
import { adminFloor } from '@tableside/contracts/admin-tables'
import { listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import type { TableSession } from '@tableside/contracts/table-sessions'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { asWaiter, garconToken, signInOnScreen } from './garcon-service'
import { managerHeaders } from './staff-service'
import {
  answerCall,
  borscht,
  kvass,
  moveOrder,
  openTable,
  placeTableOrder,
  plain,
  waiterToken,
} from './table-service'
import { openScreen } from './open-screen'

/**
 * The waiter's home on a busy night (issue 30): thirty alerts at five tables, some handled at the
 * tables and by another waiter. What was handled has left by itself, the rest stands one line per
 * table, and the tables (the busy ones first) are still in view on a phone. The shift is switched
 * on from the home screen; a named table wraps inside its tile.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const PHONE_HEIGHT = 844
const NAMED = 'У фонтана, у самого окна'
const onWifi = () => baseUrl().replace('127.0.0.1', HOST)
const garcon = (path = '') => `${onWifi()}/rest/${restaurantId()}/garcon${path}`

async function call(session: TableSession, reason: 'waiter' | 'bill' | 'other') {
  const answer = await apiPost(`/restaurants/${restaurantId()}/waiter-calls`, {
    tableSessionId: session.id,
    reason,
    ...(reason === 'other' ? { comment: 'Ещё приборов, пожалуйста' } : {}),
  })
  return (answer as { id: string }).id
}

/** The manager names table T2 (the story's restaurant has numbers only). */
async function nameTable(code: string, label: string) {
  const headers = await managerHeaders()
  const floor = adminFloor.parse((await apiRequest('GET', '/admin/tables', { headers })).data)
  const table = floor.tables.find((each) => each.code === code)
  if (!table) throw new Error(`no table ${code}`)
  const renamed = await apiRequest('PATCH', `/admin/tables/${table.id}`, {
    headers,
    body: { label },
  })
  expect(renamed.status).toBe(200)
}

describe("The waiter's home stays calm", () => {
  const browser = useBrowser({ hosts: [HOST] })

  it("A busy night: 30 alerts, and the waiter's tables stay in view", async () => {
    await nameTable('T2', NAMED)
    const anna = await waiterToken()
    const igor = await garconToken('igor', '2222')
    onTestFinished(() => asWaiter(anna, 'PUT', '/garcon/me/shift', { onShift: false }))
    await asWaiter(anna, 'PUT', '/garcon/me/shift', { onShift: false })
    await asWaiter(anna, 'POST', '/garcon/alerts/read-all')

    const { page, problems } = await browser.phone()
    await openScreen(page, garcon())
    await signInOnScreen(page, 'anna', '1111')

    // The shift is switched on where the calls arrive: the home screen.
    const shift = page.getByRole('switch', { name: 'На смене' })
    expect(await shift.getAttribute('aria-checked')).toBe('false')
    await shift.click()
    await expect.poll(() => shift.getAttribute('aria-checked')).toBe('true')
    await expect
      .poll(async () => plain(await page.locator('.shift-switch').textContent()))
      .toContain('Вызовы и заказы с ваших столов приходят вам')
    await expect
      .poll(async () => plain(await page.locator('.alert-feed').textContent()))
      .toContain('Всё спокойно')

    // Thirty alerts at Анна's T2–T6 (T1 stays empty): twelve orders, fifteen calls, three
    // orders ready.
    const tables = await Promise.all(['T2', 'T3', 'T4', 'T5', 'T6'].map(openTable))
    const [t2, t3, t4, t5, t6] = tables as [
      TableSession,
      TableSession,
      TableSession,
      TableSession,
      TableSession,
    ]
    const orders = []
    for (const [session, count] of [
      [t2, 3],
      [t3, 3],
      [t4, 2],
      [t5, 2],
      [t6, 2],
    ] as const) {
      for (let index = 0; index < count; index++) {
        orders.push(await placeTableOrder(session, index % 2 === 0 ? [borscht] : [kvass]))
      }
    }
    const calls = new Map<string, string>()
    for (const [code, session] of [
      ['T2', t2],
      ['T3', t3],
      ['T4', t4],
      ['T5', t5],
      ['T6', t6],
    ] as const) {
      for (const reason of ['waiter', 'bill', 'other'] as const) {
        calls.set(`${code}-${reason}`, await call(session, reason))
      }
    }
    // The kitchen's three orders at T4 and T5 are ready: accepting them answered their "new order".
    const atT4 = orders.filter((placed) => placed.table?.code === 'T4')
    const ready = [...atT4, orders.find((placed) => placed.table?.code === 'T5')]
    for (const placed of ready) {
      if (!placed) throw new Error('no order at T5')
      for (const status of ['accepted', 'cooking', 'ready'] as const) {
        await moveOrder(anna, placed.id, status)
      }
    }
    const raised = await apiRequest('GET', '/garcon/alerts', {
      headers: { 'x-garcon-token': anna },
    })
    // 30 raised, 3 of them (the new orders accepted) already handled.
    expect(listGarconAlerts.response.parse(raised.data).unread).toBe(27)

    // Handled at the tables, on Анна's phone or another's: one order served, two calls done,
    // Игорь on his way to T6's bill.
    const answered = (key: string) => {
      const id = calls.get(key)
      if (!id) throw new Error(`no call ${key}`)
      return id
    }
    await moveOrder(anna, atT4[0]?.id ?? '', 'served')
    await answerCall(anna, answered('T5-waiter'), 'done')
    await answerCall(anna, answered('T6-waiter'), 'done')
    await answerCall(igor, answered('T6-bill'), 'acknowledge')

    // What is left (23) stands one line per table, and nothing asks to be marked read.
    const count = page.locator('.alert-feed__count [aria-hidden="true"]')
    await expect.poll(async () => plain(await count.textContent())).toBe('23')
    const lines = page.locator('.alert-line')
    expect(await lines.count()).toBe(5)
    expect(await page.locator('.alert-card').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Прочитано' }).count()).toBe(0)
    const wheres = (await page.locator('.alert-line__where').allTextContents()).map(plain)
    expect(new Set(wheres)).toEqual(
      new Set(['Стол 3', 'Стол 4', 'Стол 5', 'Стол 6', `Стол ${NAMED}`]),
    )
    const t6Line = plain(await lines.filter({ hasText: 'Стол 6' }).textContent())
    expect(t6Line).toContain('Новый заказ ×2')
    expect(t6Line).toContain('Просьба гостя')
    expect(t6Line).not.toContain('Просят счёт')
    expect(t6Line).not.toContain('Зовут официанта')

    // The tables are in view below the feed, the busy ones first and the empty T1 last.
    const firstTable = page.locator('.floor-table').first()
    await firstTable.waitFor()
    const box = await firstTable.boundingBox()
    expect(box?.y ?? PHONE_HEIGHT).toBeLessThan(PHONE_HEIGHT - 120)
    await expect
      .poll(async () => (await page.locator('.floor-table__label').allTextContents()).map(plain))
      .toEqual([NAMED, '3', '4', '5', '6', '1'])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keepScreenshot(page, 'garcon-busy-night')
    await expectNoSeriousViolations(page, SCREEN)
    // Each line's table and summary are there in full at 390 px: they wrap, nothing is cut off.
    const cut = await page
      .locator('.alert-line__where, .alert-line__what')
      .evaluateAll((spans) =>
        spans
          .filter(
            (span) =>
              span.scrollWidth > span.clientWidth + 1 ||
              getComputedStyle(span).textOverflow === 'ellipsis',
          )
          .map((span) => span.textContent),
      )
    expect(cut).toEqual([])

    // A line opens into its table's alerts, each with what can be done about it.
    const t3Line = lines.filter({ hasText: 'Стол 3' })
    await t3Line.getByRole('button', { expanded: false }).click()
    await expect.poll(() => t3Line.locator('.alert-card').count()).toBe(6)
    expect(await t3Line.getByRole('button', { name: 'Иду' }).count()).toBe(3)
    await keepScreenshot(page, 'garcon-busy-night-open')
    await expectNoSeriousViolations(page, SCREEN)
    // Done from the card: the call leaves the line, live.
    await t3Line
      .locator('.alert-card')
      .filter({ hasText: 'Зовут официанта' })
      .getByRole('button', { name: 'Готово' })
      .click()
    await expect.poll(() => t3Line.locator('.alert-card').count()).toBe(5)
    await expect.poll(async () => plain(await count.textContent())).toBe('22')

    // The named table wraps inside its tile where tables are chosen.
    await openScreen(page, garcon('/select-tables'))
    const tile = page.locator('.table-tile').filter({ hasText: 'фонтана' })
    await tile.waitFor()
    const fits = await tile.evaluate((element) => {
      const label = element.querySelector('.table-tile__label')
      if (!label) return false
      const outer = element.getBoundingClientRect()
      const inner = label.getBoundingClientRect()
      return (
        inner.left >= outer.left &&
        inner.right <= outer.right &&
        label.scrollWidth <= label.clientWidth
      )
    })
    expect(fits).toBe(true)
    await tile.scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'garcon-select-tables-named')
    await expectNoSeriousViolations(page, SCREEN)
    expect(problems).toEqual([])
  })
})
