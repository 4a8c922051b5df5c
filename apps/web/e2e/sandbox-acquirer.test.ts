import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { payment, type Payment } from '@tableside/contracts/payments'
import {
  SANDBOX_3DS_CODE,
  SANDBOX_ACQUIRER_PREFIX,
  SANDBOX_TEST_CARDS,
  sandboxPayment,
} from '@tableside/contracts/sandbox-acquirer'
import { order, type Order } from '@tableside/contracts/orders'
import { LANGUAGE_COOKIE } from '@tableside/contracts/first-screen'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { borscht, openTable, plain, rub } from './table-service'
import { openScreen } from './open-screen'

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiPost(path, body, { headers })

/**
 * A dine-in order to be paid online, and its payment started by a diner who reads the app in
 * English (`language`) or never chose (the restaurant's Russian): the bank's page to open.
 */
async function startPayment(
  method: 'card' | 'sbp',
  language: 'en' | null = 'en',
): Promise<{ order: Order; payment: Payment }> {
  const session = await openTable('T7')
  const placed = order.parse(
    await post(
      `/restaurants/${restaurantId()}/orders`,
      { type: 'dine_in', lines: [borscht], paymentMethod: method, tableSessionId: session.id },
      { 'idempotency-key': randomUUID() },
    ),
  )
  return {
    order: placed,
    payment: payment.parse(
      await post(
        `/orders/${placed.id}/payments`,
        { method },
        language ? { cookie: `${LANGUAGE_COOKIE}=${language}` } : {},
      ),
    ),
  }
}

/**
 * The bank's page, drawn: its loader has the payment (or knows there is none). Waiting for the
 * network to go quiet instead timed out on a busy machine while the page was long drawn.
 */
async function openBankPage(page: Page, started: Payment) {
  if (!started.redirectUrl) throw new Error('the payment has no page to open')
  await page.goto(started.redirectUrl)
  await page.locator('.bank__main h1').waitFor()
}

const orderPath = (placed: Order) => `/rest/${restaurantId()}/order/${placed.id}`

describe('The sandbox acquirer’s hosted page', () => {
  const browser = useBrowser()

  it('Diner mistypes a card, then fails the 3-D Secure code, then pays with the right one', async () => {
    const { page, problems } = await browser.phone({ locale: 'en-GB' })
    const first = await startPayment('card')
    await openBankPage(page, first.payment)

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      await merchantOf(first.payment),
    )
    expect(await page.getByText('Test payment — no money moves').count()).toBe(1)
    expect(await page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/)
    await keepScreenshot(page, 'sandbox-card-form')
    await expectNoSeriousViolations(page)

    // Typed wrong: the fields say what is wrong, and nothing reaches the bank.
    await page.getByLabel('Card number').pressSequentially('4242424242424241')
    await page.getByLabel('Expiry date').pressSequentially('0120')
    await page.getByLabel('CVC').pressSequentially('12')
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4241')
    expect(await page.getByLabel('Expiry date').inputValue()).toBe('01/20')
    await page.getByRole('button', { name: /^Pay / }).click()
    expect(await page.getByText('This number has a typo: check the digits').count()).toBe(1)
    expect(await page.getByText('This card has expired').count()).toBe(1)
    expect(await page.getByText('The CVC is the 3 digits on the back of the card').count()).toBe(1)
    expect(
      await page.getByLabel('Card number').evaluate((input) => input === document.activeElement),
    ).toBe(true)
    await keepScreenshot(page, 'sandbox-card-problems')
    await expectNoSeriousViolations(page)

    // A valid card that is not one of the sandbox's: the bank says so under the number.
    await page.getByLabel('Card number').fill('')
    await page.getByLabel('Card number').pressSequentially('5555555555554444')
    await page.getByLabel('Expiry date').fill('')
    await page.getByLabel('Expiry date').pressSequentially('1240')
    await page.getByLabel('CVC').pressSequentially('3')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.getByText('The sandbox takes only the test cards listed below').waitFor()

    // The 3-D Secure card from the folded list; a wrong code fails the payment.
    await page.getByText('Test cards', { exact: true }).click()
    await page.getByRole('button', { name: /^Use the card 4000 0000 0000 3220/ }).click()
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 3220')
    await keepScreenshot(page, 'sandbox-test-cards')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.getByLabel('Confirmation code').waitFor()
    await keepScreenshot(page, 'sandbox-3ds')
    await expectNoSeriousViolations(page)
    await page.getByLabel('Confirmation code').fill('0000')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('The payment was not confirmed').waitFor()
    // The way back starts by itself 1.2 s later (RETURN_DELAY_MS): too soon to photograph on a
    // busy machine, so the outcome is photographed as it reads when opened again.
    await page.getByText('Returning to the shop…').waitFor()
    await page.waitForURL((url) => url.pathname === `${orderPath(first.order)}/fail`)
    expect(new URL(page.url()).searchParams.get('payment')).toBe(first.payment.id)
    await openBankPage(page, first.payment)
    await page.getByText('The payment was not confirmed').waitFor()
    expect(await page.getByText('Returning to the shop…').count()).toBe(0)
    expect(
      await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href'),
    ).toContain(`${orderPath(first.order)}/fail`)
    await keepScreenshot(page, 'sandbox-failed')

    // Paid again, with the right code: back at the shop's success page.
    const again = payment.parse(
      await post(
        `/orders/${first.order.id}/payments`,
        { method: 'card' },
        { cookie: `${LANGUAGE_COOKIE}=en` },
      ),
    )
    expect(again.id).not.toBe(first.payment.id)
    await openBankPage(page, again)
    await page.getByLabel('Card number').pressSequentially(SANDBOX_TEST_CARDS.threeDSecure)
    await page.getByLabel('Expiry date').pressSequentially('1240')
    await page.getByLabel('CVC').pressSequentially('123')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.getByLabel('Confirmation code').fill(SANDBOX_3DS_CODE)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('Payment succeeded').waitFor()
    await page.waitForURL((url) => url.pathname === `${orderPath(first.order)}/success`)

    // Opened again later, the decided payment says so and offers the way back.
    await openBankPage(page, again)
    await page.getByText('Payment succeeded').waitFor()
    const back = page.getByRole('link', { name: 'Back to the shop' })
    expect(await back.getAttribute('href')).toContain(`${orderPath(first.order)}/success`)
    expect(await page.getByText('Returning to the shop…').count()).toBe(0)
    await keepScreenshot(page, 'sandbox-already-paid')
    await expectNoSeriousViolations(page)
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('Diner rejects an SBP payment in the bank app', async () => {
    const { page, problems } = await browser.phone({ locale: 'en-GB' })
    const started = await startPayment('sbp')
    await openBankPage(page, started.payment)
    const qr = page.getByRole('img', { name: 'QR code for the SBP payment' })
    await qr.waitFor()
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true)
    expect(
      await page.getByRole('link', { name: 'Open the bank app' }).getAttribute('href'),
    ).toMatch(/^https:\/\/qr\.nspk\.ru\//)
    expect(await page.getByRole('button', { name: 'Confirm in the bank app' }).count()).toBe(1)
    await keepScreenshot(page, 'sandbox-sbp')
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Reject in the bank app' }).click()
    await page.getByText('The payment was rejected in the bank app').waitFor()
    await page.waitForURL((url) => url.pathname === `${orderPath(started.order)}/fail`)
    expect(problems).toEqual([])
  })

  it('Diner waits too long: the bank gives the payment up and returns to the shop', async () => {
    const { page, problems } = await browser.phone({ locale: 'en-GB' })
    const started = await startPayment('card')
    await openBankPage(page, started.payment)
    await page.getByLabel('Card number').waitFor()
    // Fifteen minutes pass: the bank answers as it will once the payment has expired.
    const live = sandboxPayment.parse(
      await (
        await fetch(`${baseUrl()}${SANDBOX_ACQUIRER_PREFIX}/payments/${refOf(started.payment)}`)
      ).json(),
    )
    const failUrl = `${baseUrl()}${orderPath(started.order)}/fail?payment=${started.payment.id}`
    await page.route(`**${SANDBOX_ACQUIRER_PREFIX}/payments/*`, (route) =>
      route.fulfill({
        json: {
          ...live,
          state: 'expired',
          expiresAt: new Date().toISOString(),
          returnUrl: failUrl,
        },
      }),
    )
    await page.getByText('The time to pay has run out').waitFor({ timeout: 10_000 })
    await page.waitForURL((url) => url.pathname === `${orderPath(started.order)}/fail`)

    // Opened again: a clear message and the way back, no automatic return.
    await openBankPage(page, started.payment)
    await page.getByText('The time to pay has run out').waitFor()
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      failUrl,
    )
    await keepScreenshot(page, 'sandbox-expired')
    await expectNoSeriousViolations(page)
    expect(problems).toEqual([])
  })

  it("Diner who never chose a language pays in the restaurant's, whatever the phone's", async () => {
    // An English phone: the app spoke the restaurant's Russian to it, and so does the bank.
    const { page, problems } = await browser.phone({ locale: 'en-GB' })
    const started = await startPayment('card', null)
    await openBankPage(page, started.payment)
    await page.getByLabel('Номер карты').waitFor()
    expect(await page.getByText('Тестовый платёж — деньги не списываются').count()).toBe(1)
    expect(await page.locator('html').getAttribute('lang')).toBe('ru')
    // The amount as the app writes it: "1 144 ₽", not "₽1,144".
    const amount = plain(await page.locator('.bank-summary__amount').textContent())
    expect(amount).toContain(rub(started.order.totals.total))
    expect(plain(await page.getByRole('button', { name: /^Оплатить/ }).textContent())).toBe(
      `Оплатить ${rub(started.order.totals.total)}`,
    )
    await keepScreenshot(page, 'sandbox-card-form-ru')
    expect(problems).toEqual([])
  })

  it('Diner who reads the app in English pays in English, the amount as the app writes it', async () => {
    const { page } = await browser.phone()
    const started = await startPayment('card', 'en')
    await openBankPage(page, started.payment)
    await page.getByLabel('Card number').waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(plain(await page.locator('.bank-summary__amount').textContent())).toContain(
      rub(started.order.totals.total),
    )
  })

  it('An unknown payment says so, in Russian too', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/sandbox-acquirer/pay/sbx_${'0'.repeat(24)}`)
    await page.getByRole('heading', { name: 'Такого платежа нет' }).waitFor()
    expect(await page.getByRole('link', { name: 'Вернуться в магазин' }).count()).toBe(1)
    await keepScreenshot(page, 'sandbox-unknown')
    await expectNoSeriousViolations(page)
  })

  it('“Back to the shop” leaves the payment pending', async () => {
    const { page } = await browser.phone({ locale: 'en-GB' })
    const started = await startPayment('card')
    await openScreen(page, `${baseUrl()}/`)
    await openBankPage(page, started.payment)
    await page.getByRole('link', { name: 'Back to the shop' }).click()
    // The shop's page for the payment: not paid yet, never "paid" (decision 0113), in the
    // restaurant's language (this phone never chose one).
    await page.waitForURL((url) => url.pathname === `${orderPath(started.order)}/fail`)
    await page.getByRole('heading', { name: 'Оплата ещё не поступила' }).first().waitFor()
    // The way back to the bank's page while it waits.
    await page.getByRole('link', { name: 'Вернуться на страницу оплаты' }).waitFor()
    const after = payment.parse((await apiRequest('GET', `/payments/${started.payment.id}`)).data)
    expect(after.status).toBe('pending')
  })
})

function refOf(started: Payment): string {
  const ref = started.redirectUrl?.split('/').pop()
  if (!ref) throw new Error('no ref')
  return ref
}

async function merchantOf(started: Payment): Promise<string> {
  const response = await fetch(`${baseUrl()}${SANDBOX_ACQUIRER_PREFIX}/payments/${refOf(started)}`)
  return sandboxPayment.parse(await response.json()).merchant
}
