import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * Who is on shift now (issue 15): the select-tables screen of a waiter on shift lists the
 * restaurant's waiters on shift from the presence channel, live. The demo ends as it began:
 * nobody on shift, nobody signed in (afterAll).
 */
const api = (path: string) => `${baseUrl()}/api/v1${path}`
const SELECT_TABLES = () => `${baseUrl()}/rest/demo/garcon/select-tables`

async function apiToken(login: string, pin: string): Promise<string> {
  const response = await fetch(api('/auth/garcon/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'e2e' },
    body: JSON.stringify({ restaurantId: 'demo', login, pin }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

async function offShiftEveryone() {
  for (const [login, pin] of [
    ['anna', '1111'],
    ['igor', '2222'],
  ] as const) {
    const token = await apiToken(login, pin)
    const headers = { 'x-garcon-token': token, 'content-type': 'application/json' }
    await fetch(api('/garcon/me/shift'), {
      method: 'PUT',
      headers,
      body: JSON.stringify({ onShift: false }),
    })
    await fetch(api('/auth/garcon/logout'), {
      method: 'POST',
      headers: { 'x-garcon-token': token },
    })
  }
}

async function signIn(page: Page, login: string, pin: string) {
  await page.goto(SELECT_TABLES(), { waitUntil: 'networkidle' })
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
  afterAll(offShiftEveryone)

  it('Анна and Игорь go on shift and see each other; Игорь leaves her list when he goes off', async () => {
    await offShiftEveryone()
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
