import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getBonusCard } from '@tableside/contracts/bonus'
import { order, slots, type Order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { tableSession } from '@tableside/contracts/table-sessions'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import {
  checkoutFromMenu,
  chooseCheckoutTime,
  hideDevConsole,
  signInOnPage,
  smsCode,
} from './client-service'
import { horizontalOverflow, keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * Points on orders (issue 16, decision 0060), from the diner's phone at a LAN-like address:
 * earned on a paid, completed order; spent at checkout; taken back by a refund. Its own server
 * in development (the SMS sandbox): the cards and points should not carry into other files.
 */
const HOST = 'tableside.test'
const MAIN = { include: '#main' }
/** The demo's programme: 5 % back, 30 % of an order payable, 200 welcome points. */
const earnedOn = (paidMinor: number) => Math.floor((paidMinor * 500) / 10_000 / 100)

const unexpected = (problems: readonly string[]) =>
  problems.filter((problem) => !problem.includes('Content Security Policy directive: "font-src'))

type Server = Awaited<ReturnType<typeof startServer>>

/** The API as a phone or a waiter calls it: JSON in, JSON out, non-2xx thrown. */
function apiOf(server: Server) {
  return async (path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${path} → ${String(response.status)} ${text}`)
    return JSON.parse(text) as unknown
  }
}

/** A pickup of borscht and herring by the signed-in diner, at once or at the first free time. */
async function placePickup(server: Server, token: string, paymentMethod: 'cash' | 'card') {
  const call = apiOf(server)
  let offered = slots.parse(await call('/restaurants/demo/slots?type=pickup'))
  if (!offered.asap && offered.slots.length === 0 && offered.days[0]) {
    offered = slots.parse(await call(`/restaurants/demo/slots?type=pickup&date=${offered.days[0]}`))
  }
  return order.parse(
    await call('/restaurants/demo/orders', {
      headers: { 'idempotency-key': randomUUID(), 'x-profile-token': token },
      body: {
        type: 'pickup',
        lines: [
          { dishId: 'borscht', quantity: 1, optionIds: [] },
          { dishId: 'herring-potatoes', quantity: 1, optionIds: [] },
        ],
        paymentMethod,
        contact: { name: 'Вера', phone: '+79161234567' },
        scheduledFor: offered.asap ? null : (offered.slots[0]?.at ?? null),
      },
    }),
  )
}

/** Анна, the demo's waiter, moves the order on (and takes the cash first when asked). */
async function waiterSteps(server: Server, placed: Order, steps: readonly string[]) {
  const call = apiOf(server)
  const { token } = (await call('/auth/garcon/login', {
    body: { restaurantId: 'demo', login: 'anna', pin: '1111' },
  })) as { token: string }
  const headers = { 'x-garcon-token': token }
  for (const step of steps) {
    if (step === 'cash') await call(`/garcon/orders/${placed.id}/cash-paid`, { headers, body: {} })
    else {
      await call(`/garcon/orders/${placed.id}/status`, {
        headers,
        body:
          step === 'cancelled' ? { status: step, reason: 'Закончилась рыба' } : { status: step },
      })
    }
  }
}

/** A diner signed in by the API with a code from the sandbox, with a card here: the token. */
async function dinerWithCard(server: Server, phone: string): Promise<string> {
  const call = apiOf(server)
  await call('/auth/client/otp', { body: { restaurantId: 'demo', phone, consent: true } })
  const { token } = (await call('/auth/client/verify', {
    body: { phone, code: await smsCode(server.url, phone) },
  })) as { token: string }
  await call('/me/bonus-card', {
    headers: { 'x-profile-token': token },
    body: { restaurantId: 'demo', acceptRules: true },
  })
  return token
}

const cardOf = async (server: Server, token: string) => {
  const { card } = getBonusCard.response.parse(
    await apiOf(server)('/me/bonus-card?restaurantId=demo', {
      headers: { 'x-profile-token': token },
    }),
  )
  if (!card) throw new Error('no card')
  return card
}

const balanceShown = async (page: Page) =>
  Number(plain(await page.getByTestId('bonus-balance').textContent()).replace(/\D/g, ''))

describe('Bonus points on orders', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Diner registers a bonus card, earns on a paid order and pays part of the next one in points', async () => {
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const site = `http://${HOST}:${String(server.port)}`
      const { page, context, problems } = await browser.phone()
      await page.goto(`${site}/rest/demo/client`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await signInOnPage(page, server.url, '+79165550101')
      const token = (await context.cookies()).find((c) => c.name === 'profile_token')?.value ?? ''

      // The card, from the profile: 200 welcome points.
      const section = page.getByRole('region', { name: 'Бонусная карта' })
      await section.getByRole('checkbox', { name: 'Принимаю правила программы' }).check()
      await section.getByRole('button', { name: 'Оформить карту' }).click()
      await expect.poll(() => balanceShown(page)).toBe(200)

      // A pickup paid in cash earns 5 %, pending until it is handed over, then available.
      const first = await placePickup(server, token, 'cash')
      await waiterSteps(server, first, ['cash', 'accepted', 'cooking', 'ready'])
      const earned = earnedOn(first.totals.total)
      expect(earned).toBeGreaterThan(0)
      expect(await cardOf(server, token)).toMatchObject({ balance: 200, pending: earned })
      await waiterSteps(server, first, ['completed'])
      await page.reload({ waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await expect.poll(() => balanceShown(page)).toBe(200 + earned)
      const ledger = plain(await section.textContent())
      expect(ledger).toContain('За заказ')
      expect(ledger).toContain(`+${String(earned)}`)
      expect(ledger).toContain(`заказ №${String(first.number)}`)

      // The next order: part of it in points, as many as the order allows.
      await checkoutFromMenu(page, site, /Самовывоз/)
      const name = page.locator('#checkout-name')
      if ((await name.inputValue()) === '') await name.fill('Вера')
      await chooseCheckoutTime(page)
      const points = page.getByRole('region', { name: 'Оплата баллами' })
      expect(plain(await points.textContent())).toContain(
        `Баллов на карте: ${String(200 + earned)}`,
      )
      await points.getByRole('switch', { name: 'Оплатить часть баллами' }).check()
      const amount = points.getByRole('spinbutton', { name: 'Сколько баллов списать' })
      // Turned on, it takes as many as the order allows: 30 % of it, within the balance.
      await expect.poll(async () => Number(await amount.inputValue())).toBeGreaterThan(1)
      const cap = Number(await amount.inputValue())
      expect(cap).toBeLessThanOrEqual(200 + earned)
      const totals = page.getByRole('region', { name: 'Ваш заказ' })
      expect(plain(await totals.textContent())).toContain('Оплачено баллами')
      await points.getByRole('button', { name: 'Меньше баллов' }).click()
      const spent = Number(await amount.inputValue())
      expect(spent).toBeLessThan(cap)
      await points.scrollIntoViewIfNeeded()
      expect(await horizontalOverflow(page)).toEqual([])
      await keepScreenshot(page, 'checkout-points')
      await expectNoSeriousViolations(page, MAIN)

      const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
      await expect.poll(() => confirm.isEnabled()).toBe(true)
      await confirm.click()
      await page.waitForURL(/\/rest\/demo\/order\/[0-9a-f-]{36}$/)
      const id = /\/order\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? ''
      const second = order.parse(await apiOf(server)(`/orders/${id}`))
      expect(second.bonusPoints).toBe(spent)
      expect(second.totals.total).toBe(second.totals.subtotal - spent * 100)
      await expect
        .poll(async () => plain(await page.locator('#main').textContent()))
        .toContain('Оплачено баллами')
      expect(await cardOf(server, token)).toMatchObject({ balance: 200 + earned - spent })
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })

  it('Diner pays part of the bill in points, and the card pays the rest', async () => {
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const call = apiOf(server)
      const site = `http://${HOST}:${String(server.port)}`
      const token = await dinerWithCard(server, '+79165550303')
      const as = { 'x-profile-token': token }

      // Seated at table 4 with dinner on the bill.
      const tokens = await demoTableTokens(server)
      const session = tableSession.parse(
        await call('/restaurants/demo/table-sessions', { body: { tableToken: tokens.T4 } }),
      )
      const dinner = order.parse(
        await call('/restaurants/demo/orders', {
          headers: { 'idempotency-key': randomUUID(), ...as },
          body: {
            type: 'dine_in',
            lines: [
              { dishId: 'borscht', quantity: 2, optionIds: [] },
              { dishId: 'herring-potatoes', quantity: 1, optionIds: [] },
            ],
            paymentMethod: 'card',
            tableSessionId: session.id,
          },
        }),
      )
      const { page, context, problems } = await browser.phone()
      await context.addCookies([{ name: 'profile_token', value: token, url: site }])
      await page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
      await page.evaluate(
        ([stored, orders]) => {
          localStorage.setItem('tableside.table-session.v1.demo', stored)
          localStorage.setItem('tableside.my-orders.v1.demo', orders)
        },
        [JSON.stringify(session), JSON.stringify([dinner.id])] as const,
      )
      await page.goto(`${site}/rest/demo/bill`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      const panel = page.locator('.bill-pay')
      await panel.getByRole('heading', { name: 'Оплатить онлайн' }).waitFor()

      // The whole bill, part of it in points: 30 % of it at most, and 200 are on the card.
      const points = panel.getByRole('region', { name: 'Оплата баллами' })
      await points.getByRole('switch', { name: 'Оплатить часть баллами' }).check()
      const amount = points.getByRole('spinbutton', { name: 'Сколько баллов списать' })
      const spent = Math.min(200, Math.floor((dinner.totals.total * 3000) / 10_000 / 100))
      await expect.poll(async () => Number(await amount.inputValue())).toBe(spent)
      const charged = dinner.totals.total - spent * 100
      expect(plain(await panel.textContent())).toContain('Оплачено баллами')
      await points.scrollIntoViewIfNeeded()
      expect(await horizontalOverflow(page)).toEqual([])
      await keepScreenshot(page, 'bill-pay-points')
      await expectNoSeriousViolations(page, { include: '.bill-pay' })
      await panel.getByRole('button', { name: /^Оплатить / }).click()

      // The bank charges the money part only; the card's points went as the payment started.
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox-acquirer/pay/'))
      expect(await cardOf(server, token)).toMatchObject({ balance: 200 - spent })
      await page.getByLabel('Номер карты').pressSequentially(SANDBOX_TEST_CARDS.succeeds)
      await page.getByLabel('Срок действия').pressSequentially('1240')
      await page.getByLabel('CVC').pressSequentially('123')
      await page.getByRole('button', { name: /^Оплатить / }).click()
      await page.waitForURL((url) => url.pathname === '/rest/demo/bill', { timeout: 15_000 })
      const paymentId = new URL(page.url()).searchParams.get('payment') ?? ''
      await expect
        .poll(async () => payment.parse(await call(`/payments/${paymentId}`)).status)
        .toBe('succeeded')
      expect(payment.parse(await call(`/payments/${paymentId}`))).toMatchObject({
        amount: charged,
        bonusPoints: spent,
      })
      // The bill is settled in full; she earns 5 % on the money, pending until it completes.
      await expect
        .poll(async () => order.parse(await call(`/orders/${dinner.id}`)).paymentStatus)
        .toBe('paid')
      expect(await cardOf(server, token)).toMatchObject({
        balance: 200 - spent,
        pending: earnedOn(charged),
      })
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })

  it('A refund takes back the points it earned', async () => {
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const call = apiOf(server)
      const token = await dinerWithCard(server, '+79165550202')
      const as = { 'x-profile-token': token }

      // Paid by card from the diner's phone: the points are pending while the order is made.
      const placed = await placePickup(server, token, 'card')
      const started = payment.parse(
        await call(`/orders/${placed.id}/payments`, { headers: as, body: { method: 'card' } }),
      )
      const ref = /\/sandbox-acquirer\/pay\/(sbx_\w+)$/.exec(started.redirectUrl ?? '')?.[1] ?? ''
      const paid = await fetch(`${server.url}/sandbox-acquirer/api/payments/${ref}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          number: SANDBOX_TEST_CARDS.succeeds,
          expiry: '12/39',
          cvc: '123',
        }),
      })
      expect(paid.status).toBe(200)
      const earned = earnedOn(placed.totals.total)
      await expect.poll(async () => (await cardOf(server, token)).pending).toBe(earned)

      const { page, context, problems } = await browser.phone()
      await context.addCookies([
        { name: 'profile_token', value: token, url: `http://${HOST}:${String(server.port)}` },
      ])
      await page.goto(`http://${HOST}:${String(server.port)}/rest/demo/client`, {
        waitUntil: 'networkidle',
      })
      await hideDevConsole(page)
      const section = page.getByRole('region', { name: 'Бонусная карта' })
      await expect
        .poll(async () => plain(await section.textContent()))
        .toContain(`ожидают: ${String(earned)}`)

      // The restaurant cancels the paid order: the money is refunded, the points taken back.
      await waiterSteps(server, placed, ['cancelled'])
      await expect
        .poll(async () => (await call(`/orders/${placed.id}`)) as { paymentStatus: string })
        .toMatchObject({ paymentStatus: 'refunded' })
      expect(await cardOf(server, token)).toMatchObject({ balance: 200, pending: 0 })
      await page.reload({ waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await expect.poll(() => balanceShown(page)).toBe(200)
      const shown = plain(await section.textContent())
      expect(shown).not.toContain('ожидают:')
      expect(shown).toContain('отменены')
      await section.getByText('История баллов').scrollIntoViewIfNeeded()
      expect(await horizontalOverflow(page)).toEqual([])
      await keepScreenshot(page, 'bonus-card-refunded')
      await expectNoSeriousViolations(page, MAIN)
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
