import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { order as orderSchema } from '@tableside/contracts/orders'
import { tableSession } from '@tableside/contracts/table-sessions'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { pageHeading } from './client-service'
import { downloaded, keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'
import { apiRequest } from './api-request'

/**
 * The manager's day (issue 17, decisions 0072–0073): the live screen shows a diner's order as
 * it comes in, and the report of today counts it and downloads as CSV.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }

/** Today where the demo restaurant is. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date())

describe('The manager’s day', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Manager opens Live, sees a diner’s order appear, then opens the report and downloads the CSV', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const api = `${server.url}/api/v1`
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        apiRequest('POST', path, { body, headers, server: server.url })
      const tokens = await demoTableTokens(server)

      // The manager, signed in through the API (the sign-in window is the staff story's).
      const token = await signInDemoManager(server.url)
      // The manager has shortened the call escalation to 10 s (the settings screen's own story).
      const settings = await fetch(`${api}/admin/settings`, {
        headers: { 'x-manager-token': token },
      })
      const saved = await fetch(`${api}/admin/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-manager-token': token },
        body: JSON.stringify({
          ...((await settings.json()) as object),
          callEscalationSeconds: 10,
        }),
      })
      expect(saved.status).toBe(200)

      const { page, context, problems } = await browser.phone()
      await actAsManager(context, site, token)
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`${site}/rest/demo/admin`, { waitUntil: 'networkidle' })
      expect(await pageHeading(page)).toBe('Сейчас')
      const orders = page.getByRole('region', { name: /^Заказы/ })
      await expect
        .poll(async () => plain(await orders.textContent()))
        .toContain('Подходящих заказов нет.')

      // A diner at T3 orders two olivier salads from the phone's menu, as the app sends it.
      const session = await post('/restaurants/demo/table-sessions', { tableToken: tokens.T3 })
      expect(session.status).toBe(201)
      const placed = await post(
        '/restaurants/demo/orders',
        {
          type: 'dine_in',
          lines: [{ dishId: 'olivier', quantity: 2, optionIds: [] }],
          paymentMethod: 'cash',
          tableSessionId: tableSession.parse(session.data).id,
        },
        { 'idempotency-key': randomUUID() },
      )
      expect(placed.status).toBe(201)
      const order = orderSchema.parse(placed.data)

      // The diner at T3 calls for the bill.
      const called = await post('/restaurants/demo/waiter-calls', {
        tableSessionId: tableSession.parse(session.data).id,
        reason: 'bill',
      })
      expect(called.status).toBe(201)

      // It appears without a reload: the screen asks every few seconds.
      const row = orders.getByRole('listitem').filter({ hasText: `Заказ ${order.number}` })
      await row.waitFor({ timeout: 15_000 })

      // The call waits; past the restaurant's 10 s it says it is late, in words.
      const calls = page.getByRole('region', { name: /^Вызовы/ })
      const call = calls.getByRole('listitem').filter({ hasText: 'Стол 3' })
      await call.waitFor({ timeout: 15_000 })
      await expect
        .poll(async () => plain(await call.textContent()), { timeout: 20_000 })
        .toMatch(/Просрочен на \d+ с/)
      const text = plain(await row.textContent())
      expect(text).toContain('Новый')
      expect(text).toContain('Оливье с телятиной × 2')
      expect(text).toContain('Стол 3')
      expect(text).toContain('Анна')
      await keepScreenshot(page, 'admin-live-1440')
      await expectNoSeriousViolations(page, SCREEN)

      // The filters: another table has nothing; T3 has the order.
      await page.getByRole('combobox', { name: 'Стол' }).selectOption('T1')
      await expect
        .poll(async () => plain(await orders.textContent()))
        .toContain('Подходящих заказов нет.')
      await page.getByRole('combobox', { name: 'Стол' }).selectOption('T3')
      await row.waitFor()
      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'admin-live-1024')
      await page.setViewportSize({ width: 390, height: 844 })
      await keepScreenshot(page, 'admin-live-390')
      await expectNoSeriousViolations(page, SCREEN)

      // The waiter takes the cash; the report of today counts it.
      const waiter = await post('/auth/garcon/login', {
        restaurantId: 'demo',
        login: 'anna',
        pin: '1111',
      })
      const { token: garconToken } = waiter.data as { token: string }
      const cash = await post(
        `/garcon/orders/${order.id}/cash-paid`,
        {},
        { 'x-garcon-token': garconToken },
      )
      expect(cash.status).toBe(200)

      await page.setViewportSize({ width: 1440, height: 900 })
      await page.getByRole('link', { name: 'Отчёты' }).click()
      await expect.poll(() => pageHeading(page)).toBe('Отчёты')
      await page.locator('.day-kpis').waitFor()
      expect(await page.getByRole('textbox', { name: 'С' }).inputValue()).toBe(today())
      const kpis = plain(await page.locator('.day-kpis').textContent())
      const total = order.totals.total / 100
      expect(kpis).toContain('Заказы1')
      expect(kpis).toMatch(
        new RegExp(`Выручка${total.toLocaleString('ru-RU').replace(/\s/g, ' ')} ₽`),
      )
      const dishes = plain(await page.getByRole('region', { name: 'Топ блюд' }).textContent())
      expect(dishes).toContain('Оливье с телятиной')
      await keepScreenshot(page, 'admin-reports-1440')
      await expectNoSeriousViolations(page, SCREEN)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Скачать CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toBe(`report-${today()}-${today()}.csv`)
      const file = await downloaded(download)
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = file.toString('utf8').slice(1).split('\r\n')
      const money = total.toFixed(2).replace('.', ',')
      expect(lines).toContain(`Выручка;Наличные;${money};1;${money};0,00`)
      expect(lines).toContain('Возвраты;Итого;0,00;0')
      expect(lines).toContain(`Топ блюд;Оливье с телятиной;${money};2`)

      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'admin-reports-1024')
      await page.setViewportSize({ width: 390, height: 844 })
      await keepScreenshot(page, 'admin-reports-390')
      await expectNoSeriousViolations(page, SCREEN)
      // The developer console's fonts are refused by the CSP; nothing else may fail.
      expect(problems.filter((problem) => !/font-src/.test(problem))).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
