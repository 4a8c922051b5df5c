import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminSettings, adminSettingsBody } from '@tableside/contracts/admin-settings'
import { orderDetail } from '@tableside/contracts/refunds'
import { order as orderSchema } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { SANDBOX_ACQUIRER_PREFIX } from '@tableside/contracts/sandbox-acquirer'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'
import { signInOnScreen } from './garcon-service'
import { plain, rub } from './table-service'

/**
 * The waiter's refunds (issue 28, decision 0119), on a server of the story's own (it turns the
 * demo restaurant's `waiterRefunds` on): Анна cancels a paid order whose diner left her a tip,
 * is asked whether the tip goes back too, and the diner's order shows the refund and her reason.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }

describe('The waiter refunds, end to end', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A waiter cancels a paid order with a tip and the diner is asked about the tip', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const api = `${server.url}/api/v1`
      const call = async (
        method: string,
        path: string,
        body?: unknown,
        headers: Record<string, string> = {},
      ): Promise<unknown> => {
        const response = await fetch(`${api}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
        const text = await response.text()
        if (!response.ok) throw new Error(`${method} ${path} → ${String(response.status)}: ${text}`)
        return JSON.parse(text) as unknown
      }
      const tokens = await demoTableTokens(server)

      // A diner at table 2 (Анна's) orders borscht by card and pays it with a tip for Анна.
      const session = (await call('POST', '/restaurants/demo/table-sessions', {
        tableToken: tokens.T2,
      })) as { id: string }
      const placed = orderSchema.parse(
        await call(
          'POST',
          '/restaurants/demo/orders',
          {
            type: 'dine_in',
            lines: [{ dishId: 'borscht', quantity: 2, optionIds: ['salo'] }],
            paymentMethod: 'card',
            tableSessionId: session.id,
          },
          { 'idempotency-key': randomUUID() },
        ),
      )
      const tip = 15_000
      const started = payment.parse(
        await call('POST', `/orders/${placed.id}/payments`, { method: 'card', tip }),
      )
      const ref = started.redirectUrl?.split('/').at(-1) ?? ''
      const card = await fetch(`${server.url}${SANDBOX_ACQUIRER_PREFIX}/payments/${ref}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '4242424242424242', expiry: '12/40', cvc: '123' }),
      })
      expect(card.ok).toBe(true)
      await expect
        .poll(
          async () => orderSchema.parse(await call('GET', `/orders/${placed.id}`)).paymentStatus,
          { timeout: 15_000 },
        )
        .toBe('paid')

      // Анна opens her tables: while the restaurant keeps refunds to the manager, the paid order
      // has no refund button.
      const anna = await browser.phone()
      await anna.page.goto(`${site}/rest/demo/garcon`, { waitUntil: 'networkidle' })
      await signInOnScreen(anna.page, 'anna', '1111')
      const row = anna.page.locator('.floor-order').filter({ hasText: `№${placed.number}` })
      await row.waitFor()
      const refundButton = row.getByRole('button', { name: 'Возврат или угощение' })
      expect(await refundButton.count()).toBe(0)
      // Her table card names how it was paid, from its payment (issue 28, decision 0130).
      expect(plain(await row.locator('.floor-order__paid').textContent())).toBe(
        'Оплачен · картой онлайн',
      )
      await keepScreenshot(anna.page, 'garcon-paid-by-card')

      // The manager lets waiters cancel paid orders, refund and comp (off by default).
      const manager = { 'x-manager-token': await signInDemoManager(server.url) }
      const current = adminSettings.parse(await call('GET', '/admin/settings', undefined, manager))
      // The body the settings screen sends (zod drops what only the answer shows).
      const body = adminSettingsBody.parse(current)
      const saved = adminSettings.parse(
        await call(
          'PUT',
          '/admin/settings',
          { ...body, settings: { ...body.settings, waiterRefunds: true } },
          manager,
        ),
      )
      expect(saved.settings.waiterRefunds).toBe(true)
      await anna.page.reload({ waitUntil: 'networkidle' })
      await refundButton.waitFor()

      // First she refunds one of the two borscht (one went back cold), with a reason.
      const partReason = 'Один борщ был холодным'
      await refundButton.click()
      const sheet = anna.page.getByRole('dialog')
      await sheet.getByRole('button', { name: /^На одну больше/ }).click()
      await sheet.getByLabel('Причина').fill(partReason)
      await keepScreenshot(anna.page, 'garcon-refund-lines')
      await expectNoSeriousViolations(anna.page, SCREEN)
      await sheet.getByRole('button', { name: 'Вернуть', exact: true }).click()
      await sheet.waitFor({ state: 'detached' })
      const half = placed.totals.total / 2
      await expect
        .poll(async () => plain(await row.locator('.floor-order__total').textContent()))
        .toBe(rub(half))

      // Then the guests leave: she cancels the rest of the paid order.
      await row.getByRole('button', { name: 'Отменить заказ' }).click()

      // She is asked whether the tip goes back too, and must answer before she can cancel.
      const question = sheet.getByRole('group', { name: /Вернуть и их\?/ })
      await question.waitFor()
      expect(plain(await question.textContent())).toContain(rub(tip))
      const reason = 'Борщ остыл, гости ушли'
      await sheet.getByLabel('Причина').fill(reason)
      const confirm = sheet.getByRole('button', { name: 'Отменить и вернуть деньги' })
      expect(await confirm.isDisabled()).toBe(true)
      await question.getByRole('radio', { name: /^Вернуть и чаевые/ }).check()
      expect(await confirm.isDisabled()).toBe(false)
      await keepScreenshot(anna.page, 'garcon-cancel-paid-tip')
      await expectNoSeriousViolations(anna.page, SCREEN)
      await confirm.click()
      await sheet.waitFor({ state: 'detached' })
      await expect
        .poll(async () => plain(await row.locator('.floor-order__status').textContent()))
        .toBe('Отменён')

      // The order's money and the tip went back, named as Анна's with her reason.
      const detail = orderDetail.parse(
        await call('GET', `/admin/orders/${placed.id}`, undefined, manager),
      )
      expect(detail.order.status).toBe('cancelled')
      const kinds = detail.refunds.map((refund) => [refund.kind, refund.amount, refund.reason])
      expect(kinds).toContainEqual(['part', half, partReason])
      expect(kinds).toContainEqual(['whole', half, reason])
      expect(kinds).toContainEqual(['tip', tip, reason])
      expect(detail.refunds.every((refund) => refund.actor.name === 'Анна')).toBe(true)

      // The diner's order shows the refund and Анна's reason.
      const diner = await browser.phone()
      await diner.page.goto(`${site}/rest/demo/order/${placed.id}`, { waitUntil: 'networkidle' })
      await expect
        .poll(async () => plain(await diner.page.locator('#main').textContent()), {
          timeout: 10_000,
        })
        .toContain(reason)
      const shown = plain(await diner.page.locator('#main').textContent())
      expect(shown).toContain(partReason)
      expect(shown).toContain(`Чаевые возвращены, ${rub(tip)}`)
      await keepScreenshot(diner.page, 'diner-order-refunded-by-waiter')
      await expectNoSeriousViolations(diner.page, SCREEN)
    } finally {
      await server.stop()
    }
  })
})
