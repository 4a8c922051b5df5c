import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { tipFor } from '@tableside/contracts/payments'
import type { TableSession } from '@tableside/contracts/table-sessions'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, storageKey, useBrowser } from './fixtures'
import {
  alertCard,
  alertLine,
  asWaiter,
  garconToken,
  openAlertLine,
  signInOnScreen,
} from './garcon-service'
import { borscht, kvass, openTable, placeTableOrder, plain, rub } from './table-service'
import { openScreen } from './open-screen'

/**
 * Two stories of the waiter's area (issue 15): a call nobody answers reaches every waiter on
 * shift after the restaurant's escalation time (decision 0045; the e2e server's restaurants have
 * ESCALATION_SECONDS), and a tip paid with the bill shows on the waiter's tips screen live.
 * The restaurant's waiters: Анна serves T1–T6, Игорь T7–T12.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const onWifi = () => baseUrl().replace('127.0.0.1', HOST)
const api = (path: string) => `${baseUrl()}/api/v1${path}`

async function tipsToday(token: string): Promise<number> {
  const response = await fetch(api('/garcon/tips'), { headers: { 'x-garcon-token': token } })
  if (!response.ok) throw new Error(`tips → ${String(response.status)}`)
  return ((await response.json()) as { total: number }).total
}

const onShift = (token: string, on: boolean) =>
  asWaiter(token, 'PUT', '/garcon/me/shift', { onShift: on })

/** The diner's phone joins the table, as after scanning its QR code. */
async function seat(page: Page, origin: string, session: TableSession, language?: string) {
  await openScreen(page, `${origin}/rest/${restaurantId()}/menu`)
  await page.evaluate(
    ([key, saved, lang]) => {
      localStorage.setItem(key, saved)
      if (lang) localStorage.setItem('tableside.language', lang)
    },
    [storageKey('table-session'), JSON.stringify(session), language ?? ''] as const,
  )
}

async function signIn(page: Page, login: string, pin: string) {
  await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/garcon`)
  await signInOnScreen(page, login, pin)
}

describe('The waiter area, end to end', () => {
  const ESCALATION_SECONDS = inject('escalationSeconds')
  const browser = useBrowser({ hosts: [HOST] })

  it('A call nobody answers reaches every waiter after the escalation time', async () => {
    const anna = await garconToken('anna', '1111')
    const igor = await garconToken('igor', '2222')
    try {
      for (const token of [anna, igor]) {
        await onShift(token, true)
        await asWaiter(token, 'POST', '/garcon/alerts/read-all')
      }
      const t4 = await openTable('T4')

      const annaPhone = await browser.phone()
      await signIn(annaPhone.page, 'anna', '1111')
      const igorPhone = await browser.phone()
      await signIn(igorPhone.page, 'igor', '2222')
      await expect
        .poll(async () => plain(await igorPhone.page.locator('.alert-feed').textContent()))
        .toContain('Всё спокойно')

      // T4 is Анна's: her call, not Игорь's.
      const diner = await browser.phone()
      await seat(diner.page, onWifi(), t4)
      await openScreen(diner.page, `${onWifi()}/rest/${restaurantId()}/call`)
      await diner.page.getByRole('button', { name: 'Позвать официанта' }).click()
      const calledAt = performance.now()
      await alertLine(annaPhone.page, '4', 'Зовут официанта').waitFor({ timeout: 5_000 })
      expect(await alertLine(igorPhone.page, '4', 'Зовут официанта').count()).toBe(0)

      // Nobody answers: after the escalation time Игорь hears it too, live.
      await alertLine(igorPhone.page, '4', 'Зовут официанта').waitFor({
        timeout: (ESCALATION_SECONDS + 10) * 1_000,
      })
      await openAlertLine(igorPhone.page, '4')
      const escalated = alertCard(igorPhone.page, '4', 'Зовут официанта')
      // …and is told why a call at another waiter's table reaches him.
      expect(await escalated.textContent()).toContain('Сначала никто не ответил')
      expect(performance.now() - calledAt).toBeGreaterThan((ESCALATION_SECONDS - 1) * 1_000)
      await keepScreenshot(igorPhone.page, 'garcon-escalated')
      await expectNoSeriousViolations(igorPhone.page, SCREEN)

      await escalated.getByRole('button', { name: 'Иду' }).click()
      await expect
        .poll(async () => plain(await diner.page.locator('.call__news').textContent()))
        .toContain('Игорь уже идёт к вашему столу')
      // Someone is on the way: the call leaves Анна's feed by itself (issue 30).
      await expect.poll(() => alertLine(annaPhone.page, '4').count()).toBe(0)
      await expect
        .poll(async () => plain(await escalated.textContent()))
        .toContain('Вы идёте к столу')
      // Done: the call is over for everyone.
      await escalated.getByRole('button', { name: 'Готово' }).click()
      await expect
        .poll(async () => plain(await diner.page.locator('.call__news').textContent()))
        .toContain('Готово')
    } finally {
      for (const token of [anna, igor]) {
        await asWaiter(token, 'POST', '/garcon/alerts/read-all')
        await onShift(token, false)
      }
    }
  })

  it('Waiter sees a tip paid from the bill', async () => {
    const anna = await garconToken('anna', '1111')
    try {
      await onShift(anna, true)
      const session = await openTable('T6')
      const mine = await placeTableOrder(session, [borscht, kvass])

      // Анна's tips screen is open before the diner pays.
      const annaPhone = await browser.phone()
      await signIn(annaPhone.page, 'anna', '1111')
      await openScreen(annaPhone.page, `${baseUrl()}/rest/${restaurantId()}/garcon/tips`)
      await annaPhone.page.locator('.tips-total__amount').waitFor()
      const totalBefore = await tipsToday(anna)
      expect(plain(await annaPhone.page.locator('.tips-total__amount').textContent())).toBe(
        rub(totalBefore),
      )

      const diner = await browser.phone({ locale: 'en-GB' })
      await seat(diner.page, baseUrl(), session, 'en')
      await diner.page.evaluate(([key, ids]) => localStorage.setItem(key, ids), [
        storageKey('my-orders'),
        JSON.stringify([mine.id]),
      ] as const)
      await openScreen(diner.page, `${baseUrl()}/rest/${restaurantId()}/bill`)
      await diner.page.getByRole('heading', { name: 'Pay online' }).waitFor()
      const due = await fetch(api(`/table-sessions/${session.id}/bill`))
      const { totals } = (await due.json()) as { totals: { due: number } }
      const tip = tipFor(totals.due, 10)
      await diner.page.getByRole('radio', { name: /^10%/ }).check()
      await diner.page.getByRole('radio', { name: /^Card/ }).check()
      await diner.page.getByRole('button', { name: /^Pay / }).click()
      await diner.page.waitForURL((url) => url.pathname.startsWith('/sandbox-acquirer/pay/'))
      await diner.page.getByLabel('Card number').pressSequentially('4242424242424242')
      await diner.page.getByLabel('Expiry date').pressSequentially('1240')
      await diner.page.getByLabel('CVC').pressSequentially('123')
      await diner.page.getByRole('button', { name: /^Pay / }).click()
      await diner.page
        .getByRole('heading', { name: 'Payment received' })
        .waitFor({ timeout: 15_000 })

      // With no reload, Анна's screen has the tip: the total grows by it, and the newest row
      // is table 6 with its amount.
      await expect
        .poll(
          async () => plain(await annaPhone.page.locator('.tips-total__amount').textContent()),
          { timeout: 10_000 },
        )
        .toBe(rub(totalBefore + tip))
      const newest = plain(await annaPhone.page.locator('.tip-list > li').first().textContent())
      expect(newest).toContain('Стол 6')
      expect(newest).toContain(rub(tip))
      await keepScreenshot(annaPhone.page, 'garcon-tips-live')
      await expectNoSeriousViolations(annaPhone.page, SCREEN)

      // The paid screen asks, calmly, what the diner thought of the service, naming Анна. As
      // the restaurant's language has it (the same payment, reloaded on a phone in Russian):
      const paymentId = new URL(diner.page.url()).searchParams.get('payment') ?? ''
      const guest = await browser.phone()
      await seat(guest.page, baseUrl(), session)
      await openScreen(guest.page, `${baseUrl()}/rest/${restaurantId()}/bill?payment=${paymentId}`)
      const asked = guest.page.getByRole('group', { name: 'Как вам обслуживание?' })
      await asked.waitFor()
      expect(plain(await asked.textContent())).toContain('Анна увидит вашу оценку и отзыв.')
      await asked.getByRole('radio', { name: '5 звёзд: отлично' }).check()
      await guest.page
        .getByLabel('Отзыв (необязательно)')
        .fill('Спасибо, Анна! Всё было очень вкусно.')
      // Past the tab bar: the question, the stars and the buttons in view.
      await asked.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await keepScreenshot(guest.page, 'tip-feedback-ask')
      await expectNoSeriousViolations(guest.page, SCREEN)

      // The diner leaves five stars and a comment, and is thanked.
      const question = diner.page.getByRole('group', { name: 'How was the service?' })
      await question.getByRole('radio', { name: '5 stars: excellent' }).check()
      await diner.page.getByLabel('Comment (optional)').fill('Thank you, Anna! Lovely borscht.')
      await diner.page.getByRole('button', { name: 'Send' }).click()
      const thanks = diner.page.getByRole('status').filter({ hasText: 'Thank you!' })
      await thanks.waitFor()
      expect(plain(await thanks.textContent())).toContain('Thank you, Anna! Lovely borscht.')
      await thanks.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await keepScreenshot(diner.page, 'tip-feedback-thanks')
      await expectNoSeriousViolations(diner.page, SCREEN)

      // With no reload, Анна's tip shows the five stars (named for screen readers) and the words.
      await expect
        .poll(
          async () => plain(await annaPhone.page.locator('.tip-list > li').first().textContent()),
          { timeout: 10_000 },
        )
        .toContain('Thank you, Anna! Lovely borscht.')
      const rated = annaPhone.page.locator('.tip-list > li').first()
      expect(plain(await rated.textContent())).toContain('Оценка 5 из 5')
      await keepScreenshot(annaPhone.page, 'garcon-tips-rated')
      await expectNoSeriousViolations(annaPhone.page, SCREEN)
    } finally {
      await asWaiter(anna, 'POST', '/garcon/alerts/read-all')
      await onShift(anna, false)
    }
  })
})
