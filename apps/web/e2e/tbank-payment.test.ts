import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import {
  STAND_IN_PASSWORD,
  STAND_IN_TERMINAL_KEY,
  startTBankStandIn,
} from '../../server/src/adapters/tbank/tbank-stand-in'
import { actAsManager, configureAcquirer, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { confirmPickup, paidOnSuccess } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The restaurant takes money through T-Bank's internet acquiring (issue 29, decision 0132), here
 * its stand-in: the manager chooses T-Bank in the settings, types the terminal key and password
 * (stored sealed, shown back as its last four), checks the connection; a diner pays a pickup
 * order by SBP: T-Bank's QR link opens (on a phone, the bank app; here the stand-in's page for
 * it), the diner confirms and comes back to Success. The stand-in's notifications, signed with
 * the terminal's password, reach the server and are answered OK.
 */
const HOST = 'tableside.test'
const SECRETS_KEY = 'c'.repeat(64)

describe('Paying through T-Bank', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it("A diner pays by SBP through T-Bank's stand-in", async () => {
    const standIn = await startTBankStandIn()
    const server = await startServer({
      publicHost: HOST,
      env: { SECRETS_KEY, TBANK_API_URL: standIn.apiUrl },
    })
    try {
      // The stand-in cannot resolve tableside.test (only the browser is told where it is).
      standIn.notifyTo(`${server.url}/api/v1/payments/webhooks/tbank`)
      const site = `http://${HOST}:${String(server.port)}`

      // The manager configures the acquirer in the settings.
      const office = await browser.phone()
      await actAsManager(office.context, site, await signInDemoManager(server.url))
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
        [390, 844],
      ] as const) {
        await office.page.setViewportSize({ width, height })
        await configureAcquirer(
          office.page,
          site,
          {
            provider: 'tbank',
            id: { label: 'Ключ терминала (TerminalKey)', value: STAND_IN_TERMINAL_KEY },
            secret: { label: 'Пароль терминала', value: STAND_IN_PASSWORD },
            connected: `Подключено: терминал ${STAND_IN_TERMINAL_KEY} (тестовый).`,
          },
          `admin-tbank-${String(width)}`,
        )
      }
      expect(office.problems).toEqual([])

      // A diner orders a pickup and pays by SBP: T-Bank's QR link, then the bank app.
      const { page, problems } = await browser.phone()
      await confirmPickup(page, site, { name: 'Анна', phone: '+79161112233', method: /СБП/ })
      await page.waitForURL(`${standIn.origin}/sbp/**`, { timeout: 15_000 })
      expect(plain(await page.locator('main').textContent())).toContain('Оплата по СБП')
      await keepScreenshot(page, 'tbank-sbp-bank-app')
      await page.getByRole('button', { name: 'Подтвердить в приложении банка' }).click()

      await paidOnSuccess(page, server.url)
      // T-Bank's notifications (AUTHORIZED, then CONFIRMED) were verified and answered OK.
      await standIn.delivered()
      expect(standIn.notifications.map((sent) => [sent.body.Status, sent.text])).toEqual([
        ['AUTHORIZED', 'OK'],
        ['CONFIRMED', 'OK'],
      ])
      await keepScreenshot(page, 'tbank-success')
      await expectNoSeriousViolations(page, { include: '#main' })
      // Known, open (as with YooKassa, decision 0121): coming back from an acquirer on another
      // origin is a full load of the Success page, which logs a refused inline style and a first
      // realtime connection that fails before it retries.
      const known = ['Applying inline style violates', 'ERR_CONNECTION_REFUSED']
      expect(problems.filter((problem) => !known.some((text) => problem.includes(text)))).toEqual(
        [],
      )
    } finally {
      await server.stop()
      await standIn.close()
    }
  })
})
