import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { kitchenLogin } from '@tableside/contracts/staff'
import { order } from '@tableside/contracts/orders'
import { tableSession } from '@tableside/contracts/table-sessions'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The kitchen display (issue 17, decisions 0070 and 0071): an order a waiter accepted shows as
 * a ticket per station; the kitchen bumps it, and the diner's order page says Ready.
 */
const HOST = 'tableside.test'

describe('The kitchen display', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Kitchen bumps an order and the diner sees Ready', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const send = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const response = await fetch(`${server.url}/api/v1${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
        const data: unknown = await response.json()
        expect(response.ok, `${path}: ${JSON.stringify(data)}`).toBe(true)
        return data
      }

      // The diner at table T2 orders (as the phone's checkout does), through the API.
      const tokens = await demoTableTokens(server)
      const session = tableSession.parse(
        await send('/restaurants/demo/table-sessions', { tableToken: tokens.T2 }),
      )
      const placed = order.parse(
        await send(
          '/restaurants/demo/orders',
          {
            type: 'dine_in',
            paymentMethod: 'cash',
            tableSessionId: session.id,
            comment: 'Гость торопится',
            lines: [
              { dishId: 'borscht', quantity: 2, optionIds: ['salo'], comment: 'Без сметаны' },
              { dishId: 'olivier', quantity: 1, optionIds: [] },
              { dishId: 'lemonade-tarragon', quantity: 1, optionIds: [] },
            ],
          },
          { 'idempotency-key': randomUUID() },
        ),
      )

      // The diner's phone follows the order.
      const diner = await browser.phone()
      await diner.page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
      await diner.page.evaluate(
        ([joined, mine]) => {
          localStorage.setItem('tableside.table-session.v1.demo', joined)
          localStorage.setItem('tableside.my-orders.v1.demo', mine)
        },
        [JSON.stringify(session), JSON.stringify([placed.id])] as const,
      )
      await diner.page.goto(`${site}/rest/demo/order/${placed.id}`, { waitUntil: 'networkidle' })
      const step = diner.page.locator('[aria-current="step"]')

      // Анна accepts it.
      const anna = (await send('/auth/garcon/login', {
        restaurantId: 'demo',
        login: 'anna',
        pin: '1111',
      })) as { token: string }
      await send(
        `/garcon/orders/${placed.id}/status`,
        { status: 'accepted' },
        { 'x-garcon-token': anna.token },
      )
      await expect.poll(async () => plain(await step.textContent())).toContain('Принят')

      // The kitchen's wall tablet, signed in (the sign-in window is its own story).
      const signedIn = kitchenLogin.response.parse(
        await send('/auth/kitchen/login', { restaurantId: 'demo', login: 'kitchen', pin: '3333' }),
      )
      const { page, context, problems } = await browser.phone()
      await context.addCookies([{ name: 'kitchen_token', value: signedIn.token, url: site }])
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.goto(`${site}/rest/demo/kitchen`, { waitUntil: 'networkidle' })
      const tickets = page.locator(`.kitchen-ticket[data-order="${String(placed.number)}"]`)
      await expect.poll(() => tickets.count()).toBe(3)
      const hot = tickets.filter({ hasText: 'Горячий цех' })
      const text = plain(await hot.textContent())
      expect(text).toContain('Стол 2')
      expect(text).toContain('2×Борщ с говядиной и пампушками')
      expect(text).toContain('Сало с чесноком')
      expect(text).toContain('Без сметаны')
      expect(text).toContain('Гость торопится')
      expect(text).toContain('Вовремя')
      await keepScreenshot(page, 'kitchen-1024')
      await expectNoSeriousViolations(page)

      // A tap on a dish bumps it: the order is cooking, and the diner sees so. A double tap is
      // one bump: the second tap never brings the dish back (only its "return" control does).
      const borscht = hot.locator('.kitchen-dish', { hasText: 'Борщ' })
      const returnBorscht = hot.getByRole('button', { name: /^Вернуть в работу: Борщ/ })
      await borscht.dblclick()
      await expect.poll(() => returnBorscht.count()).toBe(1)
      await expect.poll(async () => plain(await step.textContent())).toContain('Готовится')
      const toast = page.getByRole('status').filter({ hasText: 'Отменить' })
      expect(plain(await toast.textContent())).toContain('Готово: №')
      await page.waitForTimeout(1_000)
      await page.reload({ waitUntil: 'networkidle' })
      expect(await borscht.getAttribute('aria-disabled')).toBe('true')
      expect(await returnBorscht.count()).toBe(1)

      // "Return" brings it back to work. A tap on the dish right after it is the same tap's
      // second half (the button went from under the finger): only a later tap bumps it again.
      await returnBorscht.click()
      await expect.poll(() => borscht.getAttribute('aria-disabled')).toBe(null)
      await borscht.click()
      await page.waitForTimeout(1_000)
      expect(await returnBorscht.count()).toBe(0)
      await borscht.click()
      await expect.poll(() => returnBorscht.count()).toBe(1)
      await keepScreenshot(page, 'kitchen-bumped-1024')
      await page.setViewportSize({ width: 1440, height: 900 })
      await keepScreenshot(page, 'kitchen-bumped-1440')
      await expectNoSeriousViolations(page)
      await page.setViewportSize({ width: 1024, height: 768 })

      // The bar's tab shows the bar's ticket only; its header bumps it whole.
      const tabs = page.getByRole('navigation', { name: 'Цеха' })
      await tabs.getByRole('button', { name: /^Бар/ }).click()
      await expect.poll(() => tickets.count()).toBe(1)
      await page.setViewportSize({ width: 1440, height: 900 })
      await keepScreenshot(page, 'kitchen-bar-1440')
      await tickets.getByRole('button', { name: /отметить всё готовым/ }).click()
      await expect.poll(() => tickets.filter({ hasText: 'Здесь готово' }).count()).toBe(1)

      // Every station: the hot ticket is done already; the cold one's header, and the order is
      // ready.
      await tabs.getByRole('button', { name: /^Все/ }).click()
      await tickets
        .filter({ hasText: 'Холодный цех' })
        .getByRole('button', { name: /отметить всё готовым/ })
        .click()
      await expect.poll(() => tickets.count()).toBe(0)
      await expect.poll(async () => plain(await toast.textContent())).toContain('готов')
      await page.setViewportSize({ width: 390, height: 844 })
      await keepScreenshot(page, 'kitchen-phone')
      await expectNoSeriousViolations(page)

      const chip = diner.page.locator('.order-status-chip')
      await expect.poll(async () => plain(await chip.textContent())).toBe('Готов')
      await keepScreenshot(diner.page, 'kitchen-diner-ready')
      expect(problems).toEqual([])
      expect(diner.problems).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
