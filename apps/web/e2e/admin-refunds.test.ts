import { describe, expect, it } from 'vitest'
import { getBonusCard } from '@tableside/contracts/bonus'
import { order as orderSchema } from '@tableside/contracts/orders'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole, pageHeading, smsCode } from './client-service'
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
 * Issue 28, decision 0119: a manager refunds one dish of an order a signed-in diner paid online,
 * from the live view's order panel, with a reason; the diner's order shows it, the points the
 * dish earned go back off the card, and the day report has the refund line. Its own server in
 * development (the SMS sandbox signs the diner in), on the demo restaurant.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const PHONE = '+79165550808'
const REASON = 'Сельдь пересолена'
const HERRING = 'Сельдь с картофелем и луком'
/** The demo's programme: 5 % of the money back in points. */
const earnedOn = (paidMinor: number) => Math.floor((paidMinor * 500) / 10_000 / 100)

describe('Refunds from the back office', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A manager refunds one dish of a paid order and the diner sees it, the points go back, the report shows it', async () => {
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const on = { server: server.url }
      const get = async (path: string, headers: Record<string, string> = {}) => {
        const answer = await apiRequest('GET', path, { ...on, headers })
        expect(answer.status, `GET ${path}`).toBe(200)
        return answer.data
      }

      // The diner signs in by code (the sign-in story's screen; here the API) and takes a card.
      await apiPost('/auth/client/otp', { restaurantId: 'demo', phone: PHONE, consent: true }, on)
      const { token } = (await apiPost(
        '/auth/client/verify',
        { phone: PHONE, code: await smsCode(server.url, PHONE) },
        on,
      )) as { token: string }
      const as = { 'x-profile-token': token }
      await apiPost(
        '/me/bonus-card',
        { restaurantId: 'demo', acceptRules: true },
        { ...on, headers: as },
      )
      const card = async () => {
        const { card: shown } = getBonusCard.response.parse(
          await get('/me/bonus-card?restaurantId=demo', as),
        )
        if (!shown) throw new Error('no card')
        return shown
      }

      // At T4 she orders borscht and herring and pays by card at the sandbox acquirer.
      const placed = await placeAtOwnDemoTable(server, 'T4', [plainBorscht, herringLine], {
        paymentMethod: 'card',
        headers: as,
      })
      await payOrderByCard(placed, SANDBOX_TEST_CARDS.succeeds, { server, headers: as })
      await expect
        .poll(async () => orderSchema.parse(await get(`/orders/${placed.id}`)).paymentStatus)
        .toBe('paid')
      const total = placed.totals.total
      const earned = earnedOn(total)
      expect(earned).toBeGreaterThan(0)
      await expect.poll(async () => (await card()).pending).toBe(earned)

      // The diner watches her order on the phone.
      const diner = await browser.phone()
      await diner.context.addCookies([{ name: 'profile_token', value: token, url: site }])
      await diner.page.goto(`${site}/rest/demo/order/${placed.id}`, { waitUntil: 'networkidle' })
      await hideDevConsole(diner.page)
      const dinerMain = diner.page.locator('#main')
      await expect.poll(async () => plain(await dinerMain.textContent())).toContain(HERRING)

      // The manager opens the order from the live view.
      const { page, context, problems } = await browser.phone()
      await actAsManager(context, site, await signInDemoManager(server.url))
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`${site}/rest/demo/admin`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      expect(await pageHeading(page)).toBe('Сейчас')
      const orders = page.getByRole('region', { name: /^Заказы/ })
      // The live view names how it was paid, from its payment (issue 28, decision 0130).
      await expect
        .poll(async () =>
          plain(
            await orders
              .getByRole('listitem')
              .filter({ hasText: `Заказ ${String(placed.number)}` })
              .textContent(),
          ),
        )
        .toContain('Оплачен · картой онлайн')
      await orders.getByRole('button', { name: `Заказ ${String(placed.number)}` }).click()
      const panel = page.getByRole('dialog', { name: `Заказ ${String(placed.number)}` })
      await panel.getByRole('region', { name: 'Блюда' }).waitFor()
      expect(plain(await panel.textContent())).toContain(
        `Оплачено: ${rub(total)} · Оплачен · картой онлайн`,
      )
      expect(plain(await panel.getByRole('region', { name: 'Возвраты' }).textContent())).toContain(
        'Возвратов нет.',
      )

      // One herring back, with a reason: it is refused without one.
      const herring = placed.lines.findIndex((line) => line.dishId === 'herring-potatoes')
      const herringPrice = placed.lines[herring]?.lineTotal ?? 0
      expect(herringPrice).toBeGreaterThan(0)
      await panel.getByRole('spinbutton', { name: `Сколько «${HERRING}»` }).fill('1')
      await panel.getByRole('button', { name: 'Выполнить' }).click()
      expect(plain(await panel.getByRole('alert').textContent())).toBe(
        'Укажите причину: её увидит гость.',
      )
      expect(orderSchema.parse(await get(`/orders/${placed.id}`)).paidAmount).toBe(total)
      await panel.getByRole('textbox', { name: 'Причина (её увидит гость)' }).fill(REASON)
      await panel.getByRole('button', { name: 'Выполнить' }).click()
      const refunds = panel.getByRole('region', { name: 'Возвраты' })
      await expect
        .poll(async () => plain(await refunds.textContent()))
        .toMatch(new RegExp(`возврат, на карту: ${rub(herringPrice)} · «${REASON}»`))
      await expect
        .poll(async () => plain(await panel.textContent()))
        .toContain(`Оплачено: ${rub(total - herringPrice)}`)
      expect(plain(await panel.textContent())).toContain('возвращено 1')
      await keepScreenshot(page, 'admin-refund-panel-1440')
      await expectNoSeriousViolations(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'admin-refund-panel-1024')
      await expectNoSeriousViolations(page)

      // The diner's order shows the refund and its reason without a reload.
      await expect
        .poll(async () => plain(await dinerMain.textContent()))
        .toContain(`Возвращено ${rub(herringPrice)}: «${REASON}»`)
      // The sandbox confirmed the refund at once: returned, not "on its way" (decision 0130);
      // and the order still names the card it was paid with.
      await expect
        .poll(async () => plain(await dinerMain.textContent()))
        .toContain(`Возвращено ${rub(herringPrice)}: деньги ушли обратно`)
      expect(plain(await dinerMain.textContent())).not.toContain('оформлен, деньги придут')
      expect(plain(await dinerMain.textContent())).toContain('ОплатаКартой онлайн')
      // Its dishes and sums too, not only the words: the herring says one was refunded.
      const dishes = diner.page.getByRole('list', { name: 'Блюда в заказе' })
      await expect
        .poll(async () =>
          plain(await dishes.getByRole('listitem').filter({ hasText: HERRING }).textContent()),
        )
        .toContain('возвращено 1')
      // The refund and its reason are at the foot of the order, above the tab bar.
      await diner.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await keepScreenshot(diner.page, 'admin-refund-diner-390')
      await expectNoSeriousViolations(diner.page, SCREEN)

      // The points the herring earned went back off the card: its share of the payment.
      const refundedShare = Math.ceil((earned * herringPrice) / total)
      await expect.poll(async () => (await card()).pending).toBe(earned - refundedShare)
      expect(plain(await panel.textContent())).toContain(
        `Баллы: списано 0, возвращено 0, забрано ${String(refundedShare)}`,
      )
      // Her bonus card's history says so too (decision 0131).
      await diner.page.goto(`${site}/rest/demo/client`, { waitUntil: 'networkidle' })
      await hideDevConsole(diner.page)
      await diner.page.getByTestId('bonus-card-number').waitFor()
      await keepScreenshot(diner.page, 'admin-refund-card-390')

      // The day report: the refund as its own line, by way of payment; revenue net of it.
      await panel.getByRole('button', { name: 'Закрыть' }).click()
      await page.getByRole('link', { name: 'Отчёты' }).click()
      await expect.poll(() => pageHeading(page)).toBe('Отчёты')
      const report = page.getByRole('region', { name: 'Возвраты по способам и причинам' })
      await expect
        .poll(async () => plain(await report.textContent()))
        .toContain(`Карта${rub(herringPrice)} · 1`)
      // By reason too, from the refunds table (decision 0120).
      expect(plain(await report.textContent())).toContain(`Возврат части заказа: ${REASON}`)
      expect(plain(await page.locator('.day-kpis').textContent())).toContain(
        `возвращено ${rub(herringPrice)}`,
      )
      await keepScreenshot(page, 'admin-refund-report-1024')
      await expectNoSeriousViolations(page, SCREEN)
      expect(problems.filter((problem) => !/font-src/.test(problem))).toEqual([])
      expect(diner.problems.filter((problem) => !/font-src/.test(problem))).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
