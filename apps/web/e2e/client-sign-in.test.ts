import { randomUUID } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { listClientOrders } from '@tableside/contracts/client'
import { order } from '@tableside/contracts/orders'
import { tableSession } from '@tableside/contracts/table-sessions'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole, pageHeading, smsCode } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { openScreen, screenSettled } from './open-screen'
import { borscht, plain } from './table-service'

const SCREEN = { include: '#main' }
const PHONE = '+79161234567'
const heading = pageHeading
const profileCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'profile_token')

// The story runs with APP_ENV=development, where the SMS sandbox's page is (client-service.ts).

describe('A diner signs in with a code by SMS', () => {
  const browser = useBrowser()

  it('Diner signs in with a code and finds the orders placed from this phone', async () => {
    // Development: the SMS sandbox sends, and /dev/sms shows what it sent. Sessions last a week
    // unused here, and the cookie with them.
    const server = await startServer({
      env: { APP_ENV: 'development', PROFILE_SESSION_DAYS: '7' },
    })
    try {
      const api = `${server.url}/api/v1`
      // This phone ordered at table T2 before signing in: the order is remembered on the device.
      const tokens = await demoTableTokens(server)
      const session = tableSession.parse(
        await (
          await fetch(`${api}/restaurants/demo/table-sessions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tableToken: tokens.T2 }),
          })
        ).json(),
      )
      const placed = order.parse(
        await (
          await fetch(`${api}/restaurants/demo/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              type: 'dine_in',
              tableSessionId: session.id,
              paymentMethod: 'cash',
              lines: [borscht],
            }),
          })
        ).json(),
      )

      const { page, context, problems } = await browser.phone()
      await openScreen(page, `${server.url}/rest/demo/client`)
      await page.evaluate(
        (ids) => localStorage.setItem('tableside.my-orders.v1.demo', ids),
        JSON.stringify([placed.id]),
      )
      await page.reload({ waitUntil: 'networkidle' })
      await hideDevConsole(page)
      expect(await heading(page)).toBe('Профиль')
      expect(plain(await page.locator('#main').textContent())).toContain('историю заказов')
      await keepScreenshot(page, 'client-profile-anonymous')
      await expectNoSeriousViolations(page, SCREEN)

      await page.getByRole('link', { name: 'Войти' }).click()
      await expect.poll(() => heading(page)).toBe('Вход')
      await hideDevConsole(page)
      const getCode = page.getByRole('button', { name: 'Получить код' })
      await page.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially('9161234567')
      expect(await page.getByRole('textbox', { name: 'Номер телефона' }).inputValue()).toBe(
        '+7 (916) 123-45-67',
      )
      // No code without consent to the processing of personal data.
      expect(await getCode.isDisabled()).toBe(true)
      await page.getByRole('checkbox', { name: /согласен на обработку/ }).check()
      await keepScreenshot(page, 'client-auth-phone')
      await expectNoSeriousViolations(page, SCREEN)
      await getCode.click()

      const codeBox = page.getByRole('textbox', { name: 'Код из СМС' })
      await codeBox.waitFor()
      expect(plain(await page.locator('#main').textContent())).toMatch(/Новый код через \d+ с/)
      const code = await smsCode(server.url, PHONE)

      // A wrong code says how many tries are left.
      await codeBox.fill(code === '000000' ? '111111' : '000000')
      await page.getByRole('button', { name: 'Войти' }).click()
      await expect
        .poll(async () => plain(await page.getByRole('alert').textContent()))
        .toBe('Неверный код. Осталось попыток: 4.')
      await keepScreenshot(page, 'client-auth-code')
      await expectNoSeriousViolations(page, SCREEN)

      await codeBox.fill(code)
      const meRequest = page.waitForRequest((request) => request.url().endsWith('/api/v1/me'))
      await page.getByRole('button', { name: 'Войти' }).click()
      await expect.poll(() => heading(page)).toBe('Профиль')
      await hideDevConsole(page)
      const cookie = await profileCookie(context)
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' })
      if (!cookie) throw new Error('no profile_token cookie')
      const week = 7 * 24 * 60 * 60
      expect(cookie.expires).toBeGreaterThan(Date.now() / 1000 + week - 600)
      expect(cookie.expires).toBeLessThanOrEqual(Date.now() / 1000 + week)
      expect((await meRequest).headers()['x-profile-token']).toBe(cookie.value)
      await expect
        .poll(async () => plain(await page.locator('#main').textContent()))
        .toContain('+7 (916) 123-45-67')
      // The bonus card's section shows once its two reads answer: photographed after them.
      await screenSettled(page)
      await keepScreenshot(page, 'client-profile-signed-in')
      await expectNoSeriousViolations(page, SCREEN)

      // The order this phone placed before signing in is the profile's now.
      const history = listClientOrders.response.parse(
        await (
          await fetch(`${api}/me/orders?restaurantId=demo`, {
            headers: { 'x-profile-token': cookie.value },
          })
        ).json(),
      )
      expect(history.orders.map((o) => o.number)).toEqual([placed.number])

      await page.getByRole('button', { name: 'Выйти', exact: true }).click()
      await expect.poll(async () => profileCookie(context)).toBeUndefined()
      await expect.poll(async () => page.getByRole('link', { name: 'Войти' }).count()).toBe(1)
      const after = await fetch(`${api}/me`, { headers: { 'x-profile-token': cookie.value } })
      expect(after.status).toBe(401)
      // Refused on purpose: the wrong code (400) and the token after signing out (401).
      const expected = /status of 40[01]|font-src/
      expect(problems.filter((problem) => !expected.test(problem))).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
