import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import {
  borscht,
  herring,
  kvass,
  openTable,
  placeTableOrder,
  plain,
  seatAtTable,
} from './table-service'
import { openScreen } from './open-screen'

const SCREEN = { include: '#main' }
const orderNumbers = (page: Page) => page.locator('.bill .order-item__number').allTextContents()

describe('Everyone at a table shares one bill', () => {
  const browser = useBrowser()

  it('Two phones at one table see one bill', async () => {
    const session = await openTable('T9')
    const mine = await placeTableOrder(session, [borscht])
    const theirs = await placeTableOrder(session, [kvass])
    const first = await browser.phone()
    const second = await browser.phone()
    await seatAtTable(first.page, session, [mine])
    await seatAtTable(second.page, session, [theirs])

    for (const { page } of [first, second]) {
      await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/bill`)
      await expect
        .poll(() => orderNumbers(page))
        .toEqual([`Заказ № ${String(mine.number)}`, `Заказ № ${String(theirs.number)}`])
      const text = plain(await page.locator('.bill').textContent())
      expect(text).toContain('Борщ с говядиной и пампушками')
      expect(text).toContain('Квас домашний')
    }
    // Each phone opens only its own order from the bill.
    const firstLinks = first.page.locator('.bill').getByRole('link', { name: /^Заказ № / })
    expect(await firstLinks.allTextContents()).toEqual([`Заказ № ${String(mine.number)}`])
    const secondLinks = second.page.locator('.bill').getByRole('link', { name: /^Заказ № / })
    await expect
      .poll(() => secondLinks.allTextContents())
      .toEqual([`Заказ № ${String(theirs.number)}`])
    expect(
      await first.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390)
    await keepScreenshot(first.page, 'bill-two-phones')
    await expectNoSeriousViolations(first.page, SCREEN)
    const due = plain(await second.page.locator('.bill-totals__row--due dd').textContent())

    // The first phone orders again: the second sees it without reloading.
    const more = await placeTableOrder(session, [herring])
    await expect
      .poll(() => orderNumbers(second.page), { timeout: 10_000 })
      .toContain(`Заказ № ${String(more.number)}`)
    await expect
      .poll(async () => plain(await second.page.locator('.bill-totals__row--due dd').textContent()))
      .not.toBe(due)
    expect(plain(await second.page.locator('.bill').textContent())).toContain(
      'Сельдь с картофелем и луком',
    )
    await second.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await keepScreenshot(second.page, 'bill-live-third-order')

    // A shortcut asks the waiter for the bill.
    await second.page.getByRole('link', { name: 'Попросить счёт' }).click()
    await expect
      .poll(() => new URL(second.page.url()).pathname)
      .toBe(`/rest/${restaurantId()}/call`)
    expect(first.problems).toEqual([])
    expect(second.problems).toEqual([])
  })

  it('Without a table the bill explains how to get one', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/bill`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'Отсканируйте QR-код на столе' }).count())
      .toBe(1)
    await keepScreenshot(page, 'bill-no-table')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('button', { name: 'English' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Scan the QR code on your table' }).count())
      .toBe(1)
    expect(problems).toEqual([])
  })
})
