import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { order as orderSchema } from '@tableside/contracts/orders'
import { orderDetail } from '@tableside/contracts/refunds'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import {
  herring as herringLine,
  payOrderByCard,
  placeAtOwnDemoTable,
  plain,
  plainBorscht,
  rub,
} from './table-service'

/**
 * Issue 28, decision 0139: the bank refuses a refund of one dish. The diner's order says it could
 * not be made and the restaurant will call, the order is paid in full again, and the manager's
 * retry gives it back. Its own server on a PostgreSQL database of its own (the test's
 * `TEST_DATABASE_URL` server), where the sandbox acquirer's books are told it has nothing left.
 */
const HOST = 'tableside.test'
const REASON = 'Сельдь пересолена'
const serverUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!serverUrl)('A refund the bank refuses', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('The diner reads that the refund failed, and the manager asks again', async () => {
    const name = `story_refused_${randomUUID().slice(0, 8)}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl ?? '')
    url.pathname = `/${name}`
    const books = new pg.Client({ connectionString: url.toString() })
    const server = await startServer({
      publicHost: HOST,
      env: { APP_ENV: 'development', DATABASE_URL: url.toString() },
    })
    try {
      await books.connect()
      const site = server.url.replace('127.0.0.1', HOST)
      const on = { server: server.url }
      const placed = await placeAtOwnDemoTable(server, 'T4', [plainBorscht, herringLine], {
        paymentMethod: 'card',
      })
      const paymentId = await payOrderByCard(placed, SANDBOX_TEST_CARDS.succeeds, { server })
      const orderNow = async () =>
        orderSchema.parse((await apiRequest('GET', `/orders/${placed.id}`, on)).data)
      await expect.poll(async () => (await orderNow()).paymentStatus).toBe('paid')

      // The acquirer has nothing left to give back of the payment: it refuses.
      const refuses = (yes: boolean) =>
        books.query(
          `update sandbox_acquirer_payments set refunded_amount = ${yes ? 'amount' : '0'}
            where ref = (select provider_ref from payments where id = $1)`,
          [paymentId],
        )
      await refuses(true)
      const manager = { 'x-manager-token': await signInDemoManager(server.url) }
      const herring = placed.lines.findIndex((line) => line.dishId === 'herring-potatoes')
      const price = placed.lines[herring]?.lineTotal ?? 0
      await apiPost(
        `/admin/orders/${placed.id}/refunds`,
        { kind: 'part', lines: [{ line: herring, quantity: 1 }], reason: REASON },
        { ...on, headers: manager },
      )
      const detail = async () =>
        orderDetail.parse(
          (await apiRequest('GET', `/admin/orders/${placed.id}`, { ...on, headers: manager })).data,
        )
      await expect.poll(async () => (await detail()).refunds[0]?.state).toBe('failed')
      expect((await orderNow()).paidAmount).toBe(placed.totals.total)

      const diner = await browser.phone()
      await diner.page.goto(`${site}/rest/demo/order/${placed.id}`, { waitUntil: 'networkidle' })
      await hideDevConsole(diner.page)
      const main = diner.page.locator('#main')
      await expect
        .poll(async () => plain(await main.textContent()))
        .toContain(
          `Вернуть ${rub(price)} не получилось: банк отклонил возврат. Ресторан свяжется с вами.`,
        )
      expect(plain(await main.textContent())).not.toContain('оформлен, деньги придут')
      expect(plain(await main.textContent())).not.toContain(`«${REASON}»`)
      // The line that says so, in the middle of the phone's screen.
      const said = diner.page.getByRole('status').filter({ hasText: 'не получилось' })
      await said.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await keepScreenshot(diner.page, 'refund-refused-diner-390')
      await expectNoSeriousViolations(diner.page, { include: '#main' })

      // The manager's panel says the bank refused, the order paid in full, and offers to ask again.
      const office = await browser.phone()
      await actAsManager(office.context, site, manager['x-manager-token'])
      await office.page.setViewportSize({ width: 1440, height: 900 })
      await office.page.goto(`${site}/rest/demo/admin`, { waitUntil: 'networkidle' })
      await hideDevConsole(office.page)
      const number = `Заказ ${String(placed.number)}`
      await office.page
        .getByRole('region', { name: /^Заказы/ })
        .getByRole('button', { name: number })
        .click()
      const panel = office.page.getByRole('dialog', { name: number })
      await panel.getByRole('region', { name: 'Возвраты' }).waitFor()
      expect(plain(await panel.textContent())).toContain(`Оплачено: ${rub(placed.totals.total)}`)
      expect(plain(await panel.textContent())).not.toContain('Убрано из счёта')
      expect(plain(await panel.getByRole('region', { name: 'Возвраты' }).textContent())).toContain(
        'банк отказал',
      )
      await panel.getByRole('button', { name: 'Запросить возврат снова' }).waitFor()
      await keepScreenshot(office.page, 'refund-refused-panel-1440')
      await office.page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(office.page, 'refund-refused-panel-1024')

      // The manager asks again; the bank gives it back this time, and the diner sees it live.
      await refuses(false)
      const refundId = (await detail()).refunds[0]?.id ?? ''
      await apiPost(
        `/admin/orders/${placed.id}/refunds/${refundId}/retry`,
        {},
        {
          ...on,
          headers: manager,
        },
      )
      await expect
        .poll(async () => plain(await main.textContent()))
        .toContain(`Возвращено ${rub(price)}: деньги ушли обратно`)
      expect(plain(await main.textContent())).toContain(`«${REASON}»`)
      expect((await orderNow()).paidAmount).toBe(placed.totals.total - price)
      await diner.page
        .getByRole('status')
        .filter({ hasText: 'Возвращено' })
        .evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await keepScreenshot(diner.page, 'refund-refused-retried-diner-390')

      // A refund the bank holds unconfirmed for three days is the manager's to chase (decision
      // 0140). The sandbox gives money back at once, so a real refund of 100 ₽ is made and then
      // written back as YooKassa would leave it: in progress still, asked for three days ago
      // (what is paid already went down when it was asked for, as for any part refund).
      await apiPost(
        `/admin/orders/${placed.id}/refunds`,
        { kind: 'part', amount: 10_000, reason: 'Долго несли' },
        { ...on, headers: manager },
      )
      await expect.poll(async () => (await detail()).refunds.at(-1)?.state).toBe('done')
      await books.query(
        `update refunds set state = 'in_progress', completed_at = null,
           created_at = now() - interval '3 days'
         where order_id = $1 and reason = 'Долго несли'`,
        [placed.id],
      )
      await office.page.keyboard.press('Escape')
      await office.page.setViewportSize({ width: 1440, height: 900 })
      await office.page.reload({ waitUntil: 'networkidle' })
      await hideDevConsole(office.page)
      const slow = office.page.getByRole('region', {
        name: /^Возвраты, которые банк не подтверждает больше 2 дней/,
      })
      await slow.waitFor()
      expect(plain(await slow.textContent())).toContain(`${rub(10_000)} на карту, запрошен`)
      await keepScreenshot(office.page, 'refund-slow-live-1440')
      await office.page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(office.page, 'refund-slow-live-1024')
      await expectNoSeriousViolations(office.page, { include: '#main' })
      await slow.getByRole('button', { name: number }).click()
      const chase = panel.getByRole('status').filter({ hasText: 'позвоните в банк' })
      await chase.waitFor()
      await chase.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await keepScreenshot(office.page, 'refund-slow-panel-1024')
    } finally {
      await server.stop()
      await books.end()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }, 180_000)
})
