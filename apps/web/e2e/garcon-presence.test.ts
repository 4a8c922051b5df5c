import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { plain } from './table-service'
import { openScreen } from './open-screen'

/**
 * Who is on shift now (issue 15): the select-tables screen of a waiter on shift lists the
 * restaurant's waiters on shift from the presence channel, live.
 */
const SELECT_TABLES = () => `${baseUrl()}/rest/${restaurantId()}/garcon/select-tables`

async function signIn(page: Page, login: string, pin: string) {
  await openScreen(page, SELECT_TABLES())
  await page.getByRole('textbox', { name: /Логин|Login/ }).fill(login)
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click()
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click()
  await expect
    .poll(async () => plain(await page.getByRole('heading', { level: 1 }).textContent()))
    .toBe('Выбор столов')
}

const roster = (page: Page) => page.getByRole('region', { name: 'Сейчас на смене' })
/** The names listed, in order; mine marked with a star. */
const rosterNames = async (page: Page) =>
  roster(page)
    .locator('.shift-roster__member')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          (item.querySelector('.shift-roster__name')?.textContent ?? '') +
          (item.hasAttribute('data-me') ? '*' : ''),
      ),
    )

async function goOnShift(page: Page, on: boolean) {
  const shift = page.getByRole('switch', { name: 'На смене' })
  if ((await shift.getAttribute('aria-checked')) !== String(on)) await shift.click()
  await expect.poll(() => shift.getAttribute('aria-checked')).toBe(String(on))
}

describe('Who is on shift now', () => {
  const browser = useBrowser()

  it('Анна and Игорь go on shift and see each other; Игорь leaves her list when he goes off', async () => {
    const anna = await browser.phone()
    const igor = await browser.phone()
    await signIn(anna.page, 'anna', '1111')
    await signIn(igor.page, 'igor', '2222')

    // Off shift the list is hidden, and the screen says why.
    expect(plain(await roster(anna.page).textContent())).toContain(
      'видят только официанты на смене',
    )

    await goOnShift(anna.page, true)
    await expect.poll(() => rosterNames(anna.page)).toEqual(['Анна*'])
    await goOnShift(igor.page, true)
    // Each sees the other, without a reload; me first, marked.
    await expect.poll(() => rosterNames(anna.page)).toEqual(['Анна*', 'Игорь'])
    await expect.poll(() => rosterNames(igor.page)).toEqual(['Игорь*', 'Анна'])
    await keepScreenshot(anna.page, 'garcon-shift-roster')
    await expectNoSeriousViolations(anna.page, { include: '.shift-roster' })
    await anna.page.setViewportSize({ width: 1024, height: 768 })
    await keepScreenshot(anna.page, 'garcon-shift-roster-tablet')

    // Игорь goes off shift: his screen leaves the channel and Анна's list loses him live.
    await goOnShift(igor.page, false)
    await expect.poll(() => rosterNames(anna.page)).toEqual(['Анна*'])
    expect(plain(await roster(igor.page).textContent())).toContain(
      'видят только официанты на смене',
    )
    expect(anna.problems).toEqual([])
    expect(igor.problems).toEqual([])
  })
})
