import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_SHOP_ID,
  startYooKassaStandIn,
  type YooKassaStandIn,
} from '../../server/src/adapters/yookassa/yookassa-stand-in'
import { actAsManager, configureAcquirer, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { confirmPickup, paidOnSuccess } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The restaurant takes real money through YooKassa (issue 29, decision 0121), here its stand-in:
 * the manager chooses YooKassa in the settings, types the shop id and secret key (stored sealed,
 * shown back as its last four), checks the connection; a diner pays a pickup order by card on
 * YooKassa's page and comes back to Success. The stand-in's notification reaches the server as
 * through a proxy in front of it (TRUST_PROXY=loopback), from one of YooKassa's addresses.
 * Receipts (54-FZ, decisions 0133 and 0134): with the test acquirer the back office refuses
 * receipts "through the acquirer" (it sends none); with YooKassa the manager turns them on, the
 * diner says where theirs goes, Success says so, and YooKassa got a receipt whose items come to
 * the amount. A manager then refunds one dish from the order panel, and the refund carries its
 * own receipt of exactly the refund.
 */
const HOST = 'tableside.test'
const SECRETS_KEY = 'b'.repeat(64)

/** Roubles as YooKassa writes them ("450.00") to kopecks. */
const kopecks = (value: unknown) => Math.round(Number(value) * 100)

interface SentReceipt {
  items: { quantity: string; amount: { value: string } }[]
}
/** What a YooKassa receipt's items come to: each one's price times its quantity. */
const receiptSum = (receipt: SentReceipt) =>
  receipt.items.reduce((sum, item) => sum + kopecks(item.amount.value) * Number(item.quantity), 0)

describe('Paying through YooKassa', () => {
  const browser = useBrowser({ hosts: [HOST] })
  let standIn: YooKassaStandIn
  let server: Awaited<ReturnType<typeof startServer>>
  let site = ''
  let orderNumber = 0

  beforeAll(async () => {
    standIn = await startYooKassaStandIn()
    server = await startServer({
      publicHost: HOST,
      env: { SECRETS_KEY, YOOKASSA_API_URL: standIn.apiUrl, TRUST_PROXY: 'loopback' },
    })
    standIn.notifyTo(`${server.url}/api/v1/payments/webhooks/yookassa`)
    site = `http://${HOST}:${String(server.port)}`
  })
  afterAll(async () => {
    await server.stop()
    await standIn.close()
  })

  it("A diner pays by card through YooKassa's stand-in and gets a receipt", async () => {
    {
      const office = await browser.phone()
      await actAsManager(office.context, site, await signInDemoManager(server.url))
      await office.page.setViewportSize({ width: 1440, height: 900 })
      await office.page.goto(`${site}/rest/demo/admin/settings`, { waitUntil: 'networkidle' })

      // The profile names the seller, as every receipt must.
      const profile = office.page.locator('#profile')
      await profile.getByLabel('Юридическое лицо').fill('ООО «Демо»')
      await profile.getByLabel('ИНН').fill('7707083893')
      await profile.getByRole('combobox', { name: 'Система налогообложения' }).selectOption('osn')
      await profile.getByRole('combobox', { name: 'НДС по умолчанию' }).selectOption('vat22')
      await profile.getByRole('button', { name: 'Сохранить профиль' }).click()
      await expect.poll(() => profile.getByRole('status').textContent()).toBe('Сохранено.')

      // With the test acquirer, receipts cannot go "through the acquirer": it sends none.
      const receipts = office.page.locator('#receipts')
      const throughAcquirer = receipts.getByRole('radio', { name: /чековый сервис эквайринга/ })
      expect(await throughAcquirer.isDisabled()).toBe(true)
      expect(plain(await receipts.textContent())).toContain(
        'Тестовый эквайер не передаёт чеки в налоговую',
      )
      // The profile just saved has what receipts need: the section no longer asks for it.
      await expect
        .poll(async () => plain(await receipts.textContent()))
        .not.toContain('заполните в профиле')
      // The АТОЛ Онлайн form, as a restaurant with its own register fills it.
      await receipts.getByRole('radio', { name: /АТОЛ Онлайн/ }).check()
      await receipts.getByLabel('Логин АТОЛ Онлайн').waitFor()
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
        [390, 844],
      ] as const) {
        await office.page.setViewportSize({ width, height })
        await receipts.evaluate((element) => element.scrollIntoView({ block: 'start' }))
        await keepScreenshot(office.page, `admin-receipts-sandbox-atol-${String(width)}`)
      }
      await expectNoSeriousViolations(office.page, { include: '#receipts' })
      expect(office.problems).toEqual([])
    }

    {
      // The manager configures the acquirer in the settings.
      const office = await browser.phone()
      await actAsManager(office.context, site, await signInDemoManager(server.url))
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ] as const) {
        await office.page.setViewportSize({ width, height })
        await configureAcquirer(
          office.page,
          site,
          {
            provider: 'yookassa',
            id: { label: 'Идентификатор магазина (shopId)', value: STAND_IN_SHOP_ID },
            secret: { label: 'Секретный ключ', value: STAND_IN_SECRET_KEY },
            connected: `Подключено: магазин ${STAND_IN_SHOP_ID} (тестовый).`,
          },
          `admin-acquirer-${String(width)}`,
        )
      }
      // Now receipts go with YooKassa's payments.
      const receipts = office.page.locator('#receipts')
      await receipts.getByRole('radio', { name: /чековый сервис эквайринга/ }).check()
      await receipts.getByRole('button', { name: 'Сохранить чеки' }).click()
      await expect.poll(() => receipts.getByRole('status').first().textContent()).toBe('Сохранено.')
      expect(plain(await receipts.textContent())).toContain('Чеков с ошибкой нет.')
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
        [390, 844],
      ] as const) {
        await office.page.setViewportSize({ width, height })
        await receipts.evaluate((element) => element.scrollIntoView({ block: 'start' }))
        await keepScreenshot(office.page, `admin-receipts-${String(width)}`)
      }
      await expectNoSeriousViolations(office.page, { include: '#receipts' })
      expect(office.problems).toEqual([])
    }

    {
      // A diner orders a pickup and pays by card on YooKassa's page.
      const { page, problems } = await browser.phone()
      await confirmPickup(page, site, {
        name: 'Анна',
        phone: '+79161112233',
        method: /Картой онлайн/,
      })
      // Receipts are on and this phone remembers no contact: the Pay screen asks where it goes.
      const contact = page.getByLabel('Куда прислать чек')
      await contact.waitFor({ timeout: 15_000 })
      await contact.fill('anna@example.ru')
      await page.getByRole('button', { name: /^Оплатить/ }).click()
      await page.waitForURL(`${standIn.origin}/checkout/**`, { timeout: 15_000 })
      expect(plain(await page.locator('main').textContent())).toContain('Тестовый платёж')
      await page.getByRole('button', { name: 'Оплатить' }).click()

      const paid = await paidOnSuccess(page, server.url)
      // YooKassa's notification came too, through the proxy rule, and was taken as a repeat.
      await standIn.delivered()
      expect(standIn.notifications.map((sent) => sent.status)).toContain(200)
      // Success says where the receipt went.
      await expect
        .poll(async () => plain(await page.locator('main').textContent()))
        .toContain('Чек отправлен на anna@example.ru')
      // YooKassa received the receipt with the payment, its items coming to the amount.
      const created = standIn.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v3/payments',
      )
      expect(created).toHaveLength(1)
      const body = created[0]?.body as {
        amount: { value: string }
        receipt: SentReceipt & { customer: { email?: string } }
      }
      expect(body.receipt.customer.email).toBe('anna@example.ru')
      expect(body.receipt.items.length).toBeGreaterThan(0)
      expect(receiptSum(body.receipt)).toBe(kopecks(body.amount.value))
      expect(receiptSum(body.receipt)).toBe(paid.paidAmount)
      orderNumber = paid.number
      for (const [width, height] of [
        [390, 844],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await keepScreenshot(page, `yookassa-success-receipt-${String(width)}`)
      }
      await expectNoSeriousViolations(page, { include: '#main' })
      expect(problems).toEqual([])
    }
  })

  it('A manager refunds one dish and a refund receipt is sent', async () => {
    expect(orderNumber).toBeGreaterThan(0)
    const office = await browser.phone()
    await actAsManager(office.context, site, await signInDemoManager(server.url))
    await office.page.setViewportSize({ width: 1440, height: 900 })
    await office.page.goto(`${site}/rest/demo/admin`, { waitUntil: 'networkidle' })
    await office.page
      .locator('.day-order__open', { hasText: new RegExp(`\\b${String(orderNumber)}\\b`) })
      .click()
    const panel = office.page.getByRole('dialog')
    await expect.poll(async () => plain(await panel.textContent())).toContain('Чек ')
    // The payment's receipt is shown beside it: YooKassa's register took it, as the server read
    // back from the payment's receipt_registration (decision 0141).
    expect(plain(await panel.textContent())).toContain('для anna@example.ru: зарегистрирован')
    const quantity = panel.locator('.order-panel__quantity input').first()
    await quantity.fill('1')
    await panel.getByLabel('Причина (её увидит гость)').fill('Остыло')
    // YooKassa's register will refuse the refund's receipt (the manager sends it again below).
    standIn.receiptsWill('canceled')
    await panel.getByRole('button', { name: 'Выполнить' }).click()
    // The refund reached YooKassa with its own receipt, of exactly the refund.
    await expect.poll(() => standIn.refundReceipts.length, { timeout: 15_000 }).toBe(1)
    const sent = standIn.refundReceipts[0]
    const refund = standIn.requests.find(
      (request) => request.method === 'POST' && request.path === '/v3/refunds',
    )
    const refundAmount = kopecks((refund?.body as { amount: { value: string } }).amount.value)
    expect(refundAmount).toBeGreaterThan(0)
    expect(receiptSum(sent?.receipt as unknown as SentReceipt)).toBe(refundAmount)
    // The panel shows the refund's receipt too.
    await expect
      .poll(async () => plain(await panel.textContent()), { timeout: 15_000 })
      .toContain('Чек возврата')
    // Handed to YooKassa with the refund, or already read back as refused.
    expect(plain(await panel.textContent())).toMatch(
      /Чек возврата [^:]*: (передан эквайрингу с возвратом|ошибка)/,
    )
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ] as const) {
      await office.page.setViewportSize({ width, height })
      await keepScreenshot(office.page, `admin-refund-receipt-${String(width)}`)
    }
    await expectNoSeriousViolations(office.page, { include: '.order-panel' })

    // The refused refund receipt is listed in the settings, and sent again from there as a
    // receipt of its own for the same refund (YooKassa's POST /receipts, decision 0147).
    standIn.receiptsWill('succeeded')
    await office.page.goto(`${site}/rest/demo/admin/settings`, { waitUntil: 'networkidle' })
    const receipts = office.page.locator('#receipts')
    const again = receipts.getByRole('button', { name: 'Отправить снова' })
    await expect
      .poll(
        async () => {
          if ((await again.count()) > 0) return true
          await office.page.reload({ waitUntil: 'networkidle' })
          return false
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    expect(plain(await receipts.textContent())).toContain('receipt_registration: canceled')
    expect(plain(await receipts.textContent())).not.toContain('личного кабинета')
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ] as const) {
      await office.page.setViewportSize({ width, height })
      await again.scrollIntoViewIfNeeded()
      await keepScreenshot(office.page, `admin-receipt-acquirer-retry-${String(width)}`)
    }
    await again.click()
    await expect
      .poll(async () => plain(await receipts.textContent()))
      .toContain('Отправлен снова: чек в пути.')
    await expect.poll(() => standIn.madeReceipts().length, { timeout: 15_000 }).toBe(1)
    expect(standIn.madeReceipts()[0]).toMatchObject({
      type: 'refund',
      refund_id: sent?.refundId,
    })
    await keepScreenshot(office.page, 'admin-receipt-acquirer-retried-390')
    expect(office.problems).toEqual([])
  })
})
