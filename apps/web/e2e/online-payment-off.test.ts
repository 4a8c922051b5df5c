import { describe, expect, it } from 'vitest'
import { restaurant } from '@tableside/contracts/restaurants'
import { tableSession } from '@tableside/contracts/table-sessions'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { keepScreenshot, useBrowser } from './fixtures'
import { borscht, plain } from './table-service'

describe('A server without a payment provider', () => {
  const browser = useBrowser()

  it('Diner is offered cash only, and the sandbox acquirer’s page is not there', async () => {
    const server = await startServer({ env: { PAYMENT_PROVIDER: 'none' } })
    try {
      const demo = restaurant.parse(
        await (await fetch(`${server.url}/api/v1/restaurants/demo`)).json(),
      )
      expect(demo.settings.onlinePayment).toBe(false)

      // This phone sits at a table, as after scanning its QR code, with a dish in the cart.
      const tokens = await demoTableTokens(server)
      const session = tableSession.parse(
        await (
          await fetch(`${server.url}/api/v1/restaurants/demo/table-sessions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tableToken: tokens.T3 }),
          })
        ).json(),
      )
      const { page } = await browser.phone({ locale: 'en-GB' })
      await page.goto(`${server.url}/rest/demo/cart`, { waitUntil: 'networkidle' })
      await page.evaluate(
        ([seat, cart]) => {
          localStorage.setItem('tableside.table-session.v1.demo', seat)
          localStorage.setItem('tableside.cart.v1.demo', cart)
          localStorage.setItem('tableside.language', 'en')
        },
        [JSON.stringify(session), JSON.stringify({ lines: [borscht] })] as const,
      )
      await page.goto(`${server.url}/rest/demo/order`, { waitUntil: 'networkidle' })
      await expect.poll(() => page.getByRole('radio', { name: /Cash/ }).count()).toBeGreaterThan(0)
      expect(await page.getByRole('radio', { name: /Card online/ }).count()).toBe(0)
      expect(await page.getByRole('radio', { name: /SBP/ }).count()).toBe(0)
      await keepScreenshot(page, 'checkout-online-payment-off')

      const bank = await page.goto(
        `${server.url}/sandbox-acquirer/pay/sbx_aaaaaaaaaaaaaaaaaaaaaaaa`,
        { waitUntil: 'networkidle' },
      )
      expect(bank?.status()).toBe(404)
      await expect
        .poll(async () => plain(await page.getByRole('heading', { level: 1 }).textContent()))
        .toBe('Page Not Found')
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
