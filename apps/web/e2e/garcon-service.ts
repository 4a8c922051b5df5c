import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { apiPost, apiRequest } from './api-request'
import { baseUrl, restaurantUrl, restaurantId } from './fixtures'
import { plain } from './table-service'

/** Helpers for the waiter area's stories: what a waiter does through the API or on the screen. */

/** A waiter's token (X-Garcon-Token), signed in through the API. */
export async function garconToken(login: string, pin: string): Promise<string> {
  const data = await apiPost('/auth/garcon/login', { restaurantId: restaurantId(), login, pin })
  const { token } = data as { token?: string }
  if (!token) throw new Error(`login ${login}: no token`)
  return token
}

/** A waiter's write through the API (shift, alerts read), which must succeed. */
export async function asWaiter(
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown = {},
): Promise<void> {
  const { status } = await apiRequest(method, path, { headers: { 'x-garcon-token': token }, body })
  if (status < 200 || status > 299) throw new Error(`${method} ${path} → ${String(status)}`)
}

/** Signs in on the sign-in window the page shows (login, then the PIN on the keypad). */
export async function signInOnScreen(page: Page, login: string, pin: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Логин' }).fill(login)
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click()
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect
    .poll(async () => plain(await page.locator('h1').textContent()))
    .toMatch(/^Здравствуйте/)
}

/** Анна signs in on the waiter area's window (at `origin`) and her floor of tables shows. */
export async function signInToFloor(page: Page, origin = baseUrl()): Promise<void> {
  await page.goto(restaurantUrl('/garcon', origin), { waitUntil: 'networkidle' })
  await page.getByRole('textbox', { name: 'Логин' }).fill('anna')
  for (const digit of '1111') await page.getByRole('button', { name: digit, exact: true }).click()
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.locator('.floor-table__label').first().waitFor()
}

/**
 * The live screen's line of a table's alerts ("1" for «Стол 1»), one that mentions `title`
 * ("Зовут официанта") when given (issue 30: the feed is one line per table).
 */
export const alertLine = (page: Page, table: string, title?: string) => {
  const line = page.locator('.alert-line').filter({
    has: page.locator('.alert-line__where').getByText(`Стол ${table}`, { exact: true }),
  })
  return title === undefined ? line : line.filter({ hasText: title })
}

/**
 * Opens the table's line of alerts, if it is closed, and waits until it shows open: its cards
 * show. Looked at once, a line not drawn yet (just after a reload) was taken for an open one.
 */
export async function openAlertLine(page: Page, table: string): Promise<void> {
  const line = alertLine(page, table)
  await expect
    .poll(async () => {
      const closed = line.getByRole('button', { expanded: false })
      if ((await closed.count()) > 0) await closed.click()
      return line.getByRole('button', { expanded: true }).count()
    })
    .toBeGreaterThan(0)
}

/** The live screen's alert card for a table ("1") with a title ("Зовут официанта"), its line open. */
export const alertCard = (page: Page, table: string, title: string) =>
  page
    .locator('.alert-card')
    .filter({ hasText: `Стол ${table}` })
    .filter({ hasText: title })
