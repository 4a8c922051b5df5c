import { describe, expect, it } from 'vitest'
import { order } from '@tableside/contracts/orders'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_SHOP_ID,
  startYooKassaStandIn,
} from '../../server/src/adapters/yookassa/yookassa-stand-in'
import { actAsManager, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { checkoutFromMenu, chooseCheckoutTime } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The restaurant takes real money through YooKassa (issue 29, decision 0121), here its stand-in:
 * the manager chooses YooKassa in the settings, types the shop id and secret key (stored sealed,
 * shown back as its last four), checks the connection; a diner pays a pickup order by card on
 * YooKassa's page and comes back to Success. The stand-in's notification reaches the server as
 * through a proxy in front of it (TRUST_PROXY=loopback), from one of YooKassa's addresses.
 * The receipt part of the story (54-FZ) comes with the receipts feature.
 */
const HOST = 'tableside.test'
const SECRETS_KEY = 'b'.repeat(64)

describe('Paying through YooKassa', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it("A diner pays by card through YooKassa's stand-in", async () => {
    const standIn = await startYooKassaStandIn()
    const server = await startServer({
      publicHost: HOST,
      env: { SECRETS_KEY, YOOKASSA_API_URL: standIn.apiUrl, TRUST_PROXY: 'loopback' },
    })
    try {
      standIn.notifyTo(`${server.url}/api/v1/payments/webhooks/yookassa`)
      const site = `http://${HOST}:${String(server.port)}`

      // The manager configures the acquirer in the settings.
      const office = await browser.phone()
      await actAsManager(office.context, site, await signInDemoManager(server.url))
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ] as const) {
        await office.page.setViewportSize({ width, height })
        await office.page.goto(`${site}/rest/demo/admin/settings`, { waitUntil: 'networkidle' })
        const section = office.page.locator('#acquirer')
        await section.getByRole('combobox', { name: 'Эквайринг' }).selectOption('yookassa')
        await section.getByLabel('Идентификатор магазина (shopId)').fill(STAND_IN_SHOP_ID)
        await section.getByLabel('Секретный ключ').fill(STAND_IN_SECRET_KEY)
        await section.getByRole('button', { name: 'Сохранить эквайринг' }).click()
        await expect.poll(() => section.getByRole('status').textContent()).toBe('Сохранено.')
        // The key is never shown back: only that it is stored, and its last four.
        expect(await section.getByLabel('Секретный ключ').inputValue()).toBe('')
        expect(plain(await section.textContent())).toContain(
          `оканчивается на ${STAND_IN_SECRET_KEY.slice(-4)}`,
        )
        await section.getByRole('button', { name: 'Проверить подключение' }).click()
        await expect
          .poll(() => section.getByRole('status').textContent())
          .toBe(`Подключено: магазин ${STAND_IN_SHOP_ID} (тестовый).`)
        await section.evaluate((element) => element.scrollIntoView({ block: 'start' }))
        await keepScreenshot(office.page, `admin-acquirer-${String(width)}`)
        await expectNoSeriousViolations(office.page, { include: '#acquirer' })
      }
      expect(office.problems).toEqual([])

      // A diner orders a pickup and pays by card on YooKassa's page.
      const { page, problems } = await browser.phone()
      await checkoutFromMenu(page, site, /Самовывоз/)
      await page.locator('#checkout-name').fill('Анна')
      await page.locator('#checkout-phone').fill('+79161112233')
      await chooseCheckoutTime(page)
      await page.getByRole('radio', { name: /Картой онлайн/ }).check()
      const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
      await expect.poll(() => confirm.isEnabled()).toBe(true)
      await confirm.click()
      await page.waitForURL(`${standIn.origin}/checkout/**`, { timeout: 15_000 })
      expect(plain(await page.locator('main').textContent())).toContain('Тестовый платёж')
      await page.getByRole('button', { name: 'Оплатить' }).click()

      await page.waitForURL(/\/rest\/demo\/order\/[0-9a-f-]{36}\/success\?payment=/, {
        timeout: 15_000,
      })
      await expect
        .poll(async () => plain(await page.getByRole('heading', { level: 1 }).textContent()), {
          timeout: 10_000,
        })
        .toBe('Оплата прошла')
      const orderId = /\/order\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? ''
      const paid = order.parse(await (await fetch(`${server.url}/api/v1/orders/${orderId}`)).json())
      expect(paid.paymentStatus).toBe('paid')
      // YooKassa's notification came too, through the proxy rule, and was taken as a repeat.
      await standIn.delivered()
      expect(standIn.notifications.map((sent) => sent.status)).toContain(200)
      await keepScreenshot(page, 'yookassa-success')
      await expectNoSeriousViolations(page, { include: '#main' })
      expect(problems).toEqual([])
    } finally {
      await server.stop()
      await standIn.close()
    }
  })
})
