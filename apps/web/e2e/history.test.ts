import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { verifyClientOtp } from '@tableside/contracts/client'
import { order } from '@tableside/contracts/orders'
import { tableSession } from '@tableside/contracts/table-sessions'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { borscht, herring, kvass, placeAtOwnDemoTable, plain, rub } from './table-service'
import { apiPost } from './api-request'

const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
type ServerProcess = Awaited<ReturnType<typeof startServer>>

const heading = async (page: Page) =>
  plain(await page.getByRole('heading', { level: 1 }).textContent())

/**
 * The stories run with APP_ENV=development, where the SMS sandbox's page is: the in-page
 * developer console (eruda) is there too, hidden from the screenshots and axe; its data: fonts
 * are what the CSP refuses, the only console errors allowed (as in the sign-in story).
 */
const unexpected = (problems: readonly string[]) =>
  problems.filter((problem) => !problem.includes('Content Security Policy directive: "font-src'))

/** The code the SMS sandbox last sent to a number (its development page). */
async function sentCode(server: ServerProcess, phone: string): Promise<string> {
  const sms = (await (
    await fetch(`${server.url}/dev/sms?phone=${encodeURIComponent(phone)}`)
  ).json()) as { messages: { text: string }[] }
  const code = /^\d{6}/.exec(sms.messages[0]?.text ?? '')?.[0] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  return code
}

describe('A diner’s order history', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A signed-in diner finds their orders on History and orders one again', async () => {
    // Development: the SMS sandbox sends, and /dev/sms shows what it sent.
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const site = `http://${HOST}:${String(server.port)}`
      // This phone ordered twice at table T4 before signing in.
      const older = await placeAtOwnDemoTable(server, 'T4', [borscht, kvass])
      const newer = await placeAtOwnDemoTable(server, 'T4', [herring])

      const { page, problems } = await browser.phone()
      await page.goto(`${site}/rest/demo/history`, { waitUntil: 'networkidle' })
      await page.evaluate(
        (ids) => localStorage.setItem('tableside.my-orders.v1.demo', ids),
        JSON.stringify([older.id, newer.id]),
      )
      await page.reload({ waitUntil: 'networkidle' })
      await hideDevConsole(page)
      expect(await heading(page)).toBe('История заказов')
      expect(plain(await page.locator('#main').textContent())).toContain(
        'Войдите по номеру телефона, чтобы видеть все заказы',
      )
      await keepScreenshot(page, 'history-signed-out')
      await expectNoSeriousViolations(page, SCREEN)

      // Signing in comes back to the history.
      await page.getByRole('link', { name: 'Войти' }).click()
      await expect.poll(() => heading(page)).toBe('Вход')
      await page.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially('9161112233')
      await page.getByRole('checkbox', { name: /согласен на обработку/ }).check()
      await page.getByRole('button', { name: 'Получить код' }).click()
      const codeBox = page.getByRole('textbox', { name: 'Код из СМС' })
      await codeBox.waitFor()
      await codeBox.fill(await sentCode(server, '+79161112233'))
      await page.getByRole('button', { name: 'Войти' }).click()
      await page.waitForURL(/\/rest\/demo\/history$/)
      await hideDevConsole(page)

      // Newest first: number, date in the restaurant's time zone, type, status and total.
      const list = page.getByRole('list', { name: 'Ваши заказы, сначала новые' })
      const cards = list.getByRole('article')
      await expect.poll(() => cards.count()).toBe(2)
      const newest = cards.nth(0)
      expect(plain(await newest.getByRole('heading').textContent())).toBe(
        `Заказ № ${String(newer.number)}`,
      )
      expect(plain(await cards.nth(1).getByRole('heading').textContent())).toBe(
        `Заказ № ${String(older.number)}`,
      )
      const placedAt = new Date(newer.placedAt)
      const moscow = new Intl.DateTimeFormat('ru-RU', {
        timeZone: 'Europe/Moscow',
        hour: '2-digit',
        minute: '2-digit',
      }).format(placedAt)
      const newestText = plain(await newest.textContent())
      expect(newestText).toContain(moscow)
      expect(newestText).toContain('За столом')
      expect(newestText).toContain('Отправлен в ресторан')
      expect(newestText).toContain(rub(newer.totals.total))
      expect(
        await newest.getByRole('link', { name: 'Чек и состав заказа' }).getAttribute('href'),
      ).toBe(`/rest/demo/order/${newer.id}`)
      await keepScreenshot(page, 'history-filled')
      await expectNoSeriousViolations(page, SCREEN)

      // Order again: nothing changed in the menu, so the cart fills at once and says so.
      await newest.getByRole('button', { name: 'Повторить заказ' }).click()
      await page.waitForURL(/\/rest\/demo\/cart$/)
      await expect
        .poll(async () => plain(await page.locator('.cart__reordered').textContent()))
        .toBe(`Заказ № ${String(newer.number)} в корзине. Всё как в прошлый раз, по тем же ценам.`)
      await expect
        .poll(async () => plain(await page.locator('.cart__lines').textContent()))
        .toContain('Сельдь с картофелем и луком')
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  }, 90_000)

  it('A long history shows a hundred orders, then the older ones when asked', async () => {
    const server = await startServer({
      publicHost: HOST,
      env: { APP_ENV: 'development', RATE_LIMIT_EXEMPT: '127.0.0.1' },
    })
    try {
      const site = `http://${HOST}:${String(server.port)}`
      const phone = '+79164447788'
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        apiPost(path, body, { headers, server: server.url })
      await post('/auth/client/otp', { restaurantId: 'demo', phone, consent: true })
      const { token } = verifyClientOtp.response.parse(
        await post('/auth/client/verify', { phone, code: await sentCode(server, phone) }),
      )
      // 103 orders at table 4, each the signed-in diner's (X-Profile-Token).
      const tokens = await demoTableTokens(server)
      const session = tableSession.parse(
        await post('/restaurants/demo/table-sessions', { tableToken: tokens.T4 }),
      )
      const numbers: number[] = []
      for (let index = 0; index < 103; index++) {
        const placed = order.parse(
          await post(
            '/restaurants/demo/orders',
            { type: 'dine_in', lines: [kvass], paymentMethod: 'cash', tableSessionId: session.id },
            { 'idempotency-key': randomUUID(), 'x-profile-token': token },
          ),
        )
        numbers.push(placed.number)
      }

      const { page, context, problems } = await browser.phone()
      await context.addCookies([{ name: 'profile_token', value: token, url: site }])
      await page.goto(`${site}/rest/demo/history`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      const shown = page.locator('.history > li')
      await expect.poll(() => shown.count()).toBe(100)
      const numberOf = async (item: typeof shown) =>
        plain(await item.locator('.history-order__number').textContent())
      expect(await numberOf(shown.first())).toBe(`Заказ № ${String(numbers.at(-1))}`)
      const older = page.getByRole('button', { name: 'Показать более ранние заказы' })
      await older.scrollIntoViewIfNeeded()
      await keepScreenshot(page, 'history-older')
      await older.click()
      await expect.poll(() => shown.count()).toBe(103)
      expect(await numberOf(shown.last())).toBe(`Заказ № ${String(numbers[0])}`)
      // Nothing older than the first order: no button any more.
      expect(await older.count()).toBe(0)
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  }, 90_000)

  it('A signed-in diner with no orders here is led to the menu', async () => {
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const site = `http://${HOST}:${String(server.port)}`
      const phone = '+79164445566'
      const api = `${server.url}/api/v1`
      const asked = await fetch(`${api}/auth/client/otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ restaurantId: 'demo', phone, consent: true }),
      })
      expect(asked.status).toBe(202)
      const verified = await fetch(`${api}/auth/client/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, code: await sentCode(server, phone) }),
      })
      const { token } = verifyClientOtp.response.parse(await verified.json())

      const { page, context, problems } = await browser.phone()
      await context.addCookies([{ name: 'profile_token', value: token, url: site }])
      await page.goto(`${site}/rest/demo/history`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await expect
        .poll(async () => plain(await page.locator('#main').textContent()))
        .toContain('Заказов пока нет')
      expect(await page.getByRole('link', { name: 'В меню' }).getAttribute('href')).toBe(
        '/rest/demo/menu',
      )
      await keepScreenshot(page, 'history-empty')
      await expectNoSeriousViolations(page, SCREEN)
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  }, 60_000)
})
