import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bill as billSchema, type Bill } from '@tableside/contracts/orders'
import { equalShare, tipFor } from '@tableside/contracts/payments'
import type { TableSession } from '@tableside/contracts/table-sessions'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import {
  borscht,
  herring,
  kvass,
  openTable,
  placeTableOrder,
  plain,
  rub,
  seatAtTable,
  takeCash,
  waiterToken,
} from './table-service'
import { openScreen } from './open-screen'

const PANEL = { include: '.bill-pay' }

async function billOf(session: TableSession): Promise<Bill> {
  const response = await fetch(`${baseUrl()}/api/v1/table-sessions/${session.id}/bill`)
  return billSchema.parse(await response.json())
}

const dueOn = async (page: Page) =>
  plain(await page.locator('.bill-totals__row--due dd').textContent())

describe('Paying the table’s bill online', () => {
  const browser = useBrowser()

  it('Diner pays an equal share of the table’s bill and tips the waiter', async () => {
    const session = await openTable('T5')
    const mine = await placeTableOrder(session, [borscht, kvass])
    const theirs = await placeTableOrder(session, [herring])
    const before = await billOf(session)
    const share = equalShare(before.totals.due, 2)
    const tip = tipFor(share, 10)
    const first = await browser.phone({ locale: 'en-GB' })
    const second = await browser.phone({ locale: 'en-GB' })
    await seatAtTable(first.page, session, [mine], { language: 'en' })
    await seatAtTable(second.page, session, [theirs], { language: 'en' })
    for (const { page } of [first, second]) {
      await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/bill`)
      await page.getByRole('heading', { name: 'Pay online' }).waitFor()
    }
    const dueBefore = await dueOn(second.page)
    expect(dueBefore).toContain(rub(before.totals.due))

    // Diner one: one of two equal shares, a 10 % tip, by card.
    const { page } = first
    await page.getByRole('radio', { name: /An equal share/ }).check()
    expect(plain(await page.locator('.bill-pay__per-person').textContent())).toContain(rub(share))
    await page.getByRole('radio', { name: /^10%/ }).check()
    await page.getByRole('radio', { name: /^Card/ }).check()
    // Table 5 is Анна's (demo data): her tip, by name.
    expect(before.waiter).toEqual({ name: 'Анна' })
    expect(await page.getByText('Tip for Анна').count()).toBe(1)
    const total = plain(await page.locator('.bill-pay__sum--total dd').textContent())
    expect(total).toContain(rub(share + tip))
    await page.locator('.bill-pay').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'bill-pay-share-tip')
    await expectNoSeriousViolations(page, PANEL)
    await page.getByRole('button', { name: /^Pay / }).click()

    // The bank's page, then back at the bill.
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-acquirer/pay/'))
    // The bank speaks the diner's language and writes the amount as the app does.
    await page.getByText('Test payment — no money moves').waitFor({ timeout: 10_000 })
    expect(plain(await page.locator('.bank-summary__amount').textContent())).toContain(
      rub(share + tip),
    )
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date').pressSequentially('1240')
    await page.getByLabel('CVC').pressSequentially('123')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL((url) => url.pathname === `/rest/${restaurantId()}/bill`, {
      timeout: 15_000,
    })
    expect(new URL(page.url()).searchParams.get('payment')).not.toBeNull()
    await keepScreenshot(page, 'bill-pay-returned')
    await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 15_000 })
    const receipt = plain(await page.locator('.bill-status').textContent())
    expect(receipt).toContain(rub(share + tip))
    expect(receipt).toContain(`Tip${rub(tip)}`)
    await expect.poll(() => dueOn(page)).toContain(rub(before.totals.due - share))
    expect(plain(await page.locator('.bill-totals').textContent())).toContain(rub(tip))
    // With a tip, the receipt asks (optionally) how the service was, naming Анна.
    const asked = page.getByRole('group', { name: 'How was the service?' })
    await asked.waitFor()
    expect(plain(await asked.textContent())).toContain('Анна will see your rating and comment.')
    await page.locator('.bill-status').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'bill-pay-succeeded')
    await expectNoSeriousViolations(page, { include: '.bill-status' })

    // Diner two sees the bill halved, live, and the tip on top.
    await expect.poll(() => dueOn(second.page), { timeout: 10_000 }).not.toBe(dueBefore)
    expect(await dueOn(second.page)).toContain(rub(before.totals.due - share))
    expect(plain(await second.page.locator('.bill-totals').textContent())).toContain(rub(tip))
    // Shares are still open, dishes one by one are not: said, not hidden.
    expect(await second.page.getByText('The table is already paying in equal shares').count()).toBe(
      1,
    )
    await second.page.locator('.bill-pay').scrollIntoViewIfNeeded()
    await keepScreenshot(second.page, 'bill-pay-second-diner')
    await expectNoSeriousViolations(second.page, PANEL)

    // An amount above the limit is refused before it reaches the bank.
    await second.page.getByRole('radio', { name: 'Other' }).check()
    await second.page.getByLabel(/^Tip amount/).pressSequentially('99999')
    await second.page.getByText(/^A tip can be at most/).waitFor()
    expect(await second.page.getByRole('button', { name: /^Pay / }).isDisabled()).toBe(true)
    await second.page.getByLabel(/^Tip amount/).fill('')
    await second.page.getByLabel(/^Tip amount/).pressSequentially('50')
    expect(plain(await second.page.locator('.bill-pay__sum--total dd').textContent())).toBe(
      rub(before.totals.due - share + 5_000),
    )
    await keepScreenshot(second.page, 'bill-pay-custom-tip')
    await expectNoSeriousViolations(second.page, PANEL)
    expect(first.problems).toEqual([])
    expect(second.problems).toEqual([])
  })

  it('Marks paid orders, splits what is left, and drops a failed payment once the bill is paid', async () => {
    const session = await openTable('T3')
    const first = await placeTableOrder(session, [borscht])
    const second = await placeTableOrder(session, [herring])
    const { page, problems } = await browser.phone({ locale: 'en-GB' })
    await seatAtTable(page, session, [first, second], { language: 'en' })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/bill`)
    await page.getByRole('heading', { name: 'Pay online' }).waitFor()

    // The bank declines the card: the bill says so, and offers to try again.
    await page.getByRole('radio', { name: /^Card/ }).check()
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-acquirer/pay/'))
    await page.getByLabel('Card number').pressSequentially(SANDBOX_TEST_CARDS.declined)
    await page.getByLabel('Expiry date').pressSequentially('1240')
    await page.getByLabel('CVC').pressSequentially('123')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL((url) => url.pathname === `/rest/${restaurantId()}/bill`, {
      timeout: 15_000,
    })
    const failed = page.getByRole('heading', { name: 'The payment did not go through' })
    await failed.waitFor({ timeout: 15_000 })

    // The waiter takes cash for the first order: the bill marks it paid, live, and the failed
    // payment is history, not news, once the bill has moved on.
    const token = await waiterToken()
    await takeCash(token, first.id)
    const paidMark = (number: number) =>
      page
        .locator('.order-item', { has: page.getByRole('heading', { name: `Order #${number}` }) })
        .locator('.order-item__paid')
    await expect.poll(() => paidMark(first.number).count(), { timeout: 20_000 }).toBe(1)
    expect(await paidMark(first.number).textContent()).toBe('Paid in cash or by card to the waiter')
    expect(await paidMark(second.number).count()).toBe(0)
    await expect.poll(() => failed.count(), { timeout: 10_000 }).toBe(0)

    // An equal share is of what is left, not of the whole bill (issue 14).
    const left = await billOf(session)
    expect(left.totals.due).toBeLessThan(left.totals.total)
    await page.getByRole('radio', { name: /An equal share/ }).check()
    expect(plain(await page.locator('.bill-pay__per-person').textContent())).toBe(
      `${rub(Math.ceil(left.totals.due / 2))} per person`,
    )
    expect(plain(await page.locator('.bill-pay__detail .bill-pay__note').textContent())).toBe(
      `${rub(left.totals.due)} left to pay, split between 2`,
    )
    await page.locator('.bill-pay').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'bill-share-of-what-is-left')

    // The second order is paid in cash too.
    await takeCash(token, second.id)
    await expect.poll(() => paidMark(second.number).count(), { timeout: 10_000 }).toBe(1)
    await keepScreenshot(page, 'bill-orders-paid')
    await expectNoSeriousViolations(page)
    expect(problems).toEqual([])
  })
})
