import { describe, expect, it } from 'vitest'
import { adminSettings } from '@tableside/contracts/admin-settings'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole, pageHeading } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

const API = '/api/v1'

/**
 * Issue 27, "SMS pumping" (decision 0109): the restaurant's day of sign-in codes runs out. The
 * manager sees it coming on every back-office screen; a diner asking for a code after it is told
 * to order without signing in, and no SMS goes out.
 */
describe("The day's sign-in codes by SMS run out", () => {
  const browser = useBrowser()

  it('Manager is warned at 80 % of the day’s codes; a diner past the budget is told to sign in tomorrow', async () => {
    // Development: the SMS sandbox sends, and /dev/sms shows what it sent.
    const server = await startServer({ env: { APP_ENV: 'development' } })
    try {
      const token = await signInDemoManager(server.url)
      const headers = { 'content-type': 'application/json', 'x-manager-token': token }
      const read = adminSettings.parse(
        await (await fetch(`${server.url}${API}/admin/settings`, { headers })).json(),
      )
      const body = {
        version: read.version,
        timezone: read.timezone,
        openingHours: read.openingHours,
        settings: read.settings,
        callEscalationSeconds: read.callEscalationSeconds,
        bonusProgram: read.bonusProgram,
        smsDailyBudget: 10,
      }
      const saved = await fetch(`${server.url}${API}/admin/settings`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(body),
      })
      expect(saved.status).toBe(200)
      // Eight diners asked for a code today: 80 % of the ten.
      for (let i = 0; i < 8; i += 1) {
        const asked = await fetch(`${server.url}${API}/auth/client/otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            restaurantId: 'demo',
            phone: `+7916200${String(1000 + i)}`,
            consent: true,
          }),
        })
        expect(asked.status).toBe(202)
      }

      const manager = await browser.phone()
      await actAsManager(manager.context, server.url, token)
      for (const [width, height] of [
        [390, 844],
        [1024, 768],
        [1440, 900],
      ] as const) {
        await manager.page.setViewportSize({ width, height })
        await manager.page.goto(`${server.url}/rest/demo/admin/menu`, { waitUntil: 'networkidle' })
        const warning = manager.page.getByRole('alert').filter({ hasText: 'СМС' })
        await warning.waitFor()
        expect(plain(await warning.textContent())).toContain(
          'Кодов для входа по СМС сегодня: 8 из 10.',
        )
        await keepScreenshot(manager.page, `admin-sms-budget-${String(width)}`)
      }
      await expectNoSeriousViolations(manager.page, { include: 'main' })
      await manager.page.getByRole('link', { name: 'Изменить лимит' }).click()
      await expect.poll(() => pageHeading(manager.page)).toBe('Настройки')
      const field = manager.page.getByRole('textbox', { name: 'Кодов для входа в день, не больше' })
      expect(await field.inputValue()).toBe('10')

      // Two more codes spend the day; the next diner is told on the sign-in screen.
      for (let i = 8; i < 10; i += 1) {
        await fetch(`${server.url}${API}/auth/client/otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            restaurantId: 'demo',
            phone: `+7916200${String(1000 + i)}`,
            consent: true,
          }),
        })
      }
      const diner = await browser.phone()
      const { page } = diner
      await page.goto(`${server.url}/rest/demo/client/auth`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await page.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially('9162009999')
      await page.getByRole('checkbox', { name: /согласен на обработку/ }).check()
      await page.getByRole('button', { name: 'Получить код' }).click()
      await page.getByText('Сегодня ресторан больше не может отправить код для входа').waitFor()
      await keepScreenshot(page, 'client-sign-in-sms-budget-spent')
      const sms = (await (await fetch(`${server.url}/dev/sms?phone=%2B79162009999`)).json()) as {
        messages: unknown[]
      }
      expect(sms.messages).toEqual([])

      await manager.page.goto(`${server.url}/rest/demo/admin`, { waitUntil: 'networkidle' })
      await manager.page
        .getByRole('alert')
        .filter({ hasText: 'Все 10 кодов для входа по СМС на сегодня отправлены' })
        .waitFor()
    } finally {
      await server.stop()
    }
  })
})
