import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { garconFloor } from '@tableside/contracts/garcon-floor'
import { baseUrl } from './fixtures'
import { plain } from './table-service'

/** Helpers for the waiter area's stories: what a waiter does through the API or on the screen. */
const api = (path: string) => `${baseUrl()}/api/v1${path}`

/** A demo waiter's token (X-Garcon-Token), signed in through the API. */
export async function garconToken(login: string, pin: string): Promise<string> {
  const response = await fetch(api('/auth/garcon/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ restaurantId: 'demo', login, pin }),
  })
  const data = (await response.json()) as { token?: string }
  if (!response.ok || !data.token) throw new Error(`login ${login} → ${String(response.status)}`)
  return data.token
}

/** A waiter's write through the API (shift, alerts read), which must succeed. */
export async function asWaiter(
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown = {},
): Promise<void> {
  const response = await fetch(api(path), {
    method,
    headers: { 'content-type': 'application/json', 'x-garcon-token': token },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} → ${String(response.status)}`)
}

/**
 * Marks done every call still open at the waiter's tables: earlier stories on the shared server
 * leave calls that would otherwise escalate into the next story's screens.
 */
export async function closeOpenCalls(token: string): Promise<void> {
  const response = await fetch(api('/garcon/floor'), { headers: { 'x-garcon-token': token } })
  if (!response.ok) throw new Error(`GET /garcon/floor → ${String(response.status)}`)
  const floor = garconFloor.parse(await response.json())
  for (const table of floor.tables) {
    for (const call of table.session?.calls ?? []) {
      await asWaiter(token, 'POST', `/garcon/waiter-calls/${call.id}/done`)
    }
  }
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

/** The live screen's alert card for a table ("1") with a title ("Зовут официанта"). */
export const alertCard = (page: Page, table: string, title: string) =>
  page
    .locator('.alert-card')
    .filter({ hasText: `Стол ${table}` })
    .filter({ hasText: title })
