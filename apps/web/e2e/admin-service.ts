import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { adminLogin } from '@tableside/contracts/staff'
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot } from './fixtures'
import { plain } from './table-service'

/**
 * The demo's manager, signed in through the API (the sign-in window is `admin-sign-in`'s story)
 * on the server at `serverUrl`: the session's token.
 */
export async function signInDemoManager(serverUrl: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/v1/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ restaurantId: 'demo', login: 'manager', password: 'tableside-demo' }),
  })
  expect(response.status).toBe(200)
  return adminLogin.response.parse(await response.json()).token
}

/**
 * A server of the stories' own at `host` (they change what other stories read), started before
 * them with the demo's manager signed in and stopped after them: its `url`, the `site` a browser
 * opens, and the manager's `token`, read inside a story.
 */
export function ownServerWithManager(host: string) {
  const story = { url: '', site: '', token: '' }
  let server: ServerProcess | undefined
  beforeAll(async () => {
    server = await startServer({ publicHost: host })
    story.url = server.url
    story.site = server.url.replace('127.0.0.1', host)
    story.token = await signInDemoManager(server.url)
  })
  afterAll(async () => {
    await server?.stop()
  })
  return story
}

/** A browser whose pages on `site` are the manager's, as the sign-in screen leaves it. */
export async function actAsManager(context: BrowserContext, site: string, token: string) {
  await context.addCookies([{ name: 'manager_token', value: token, url: site }])
}

/** An acquirer's account as the manager types it in the settings' «Эквайринг» section. */
export interface AcquirerAccount {
  provider: 'yookassa' | 'tbank'
  id: { label: string; value: string }
  secret: { label: string; value: string }
  /** What «Проверить подключение» says of the stand-in's test account. */
  connected: string
}

/**
 * The manager chooses the acquirer, types its account and checks the connection, at this size:
 * the secret is never shown back, only its last four (decisions 0121, 0132). The section is
 * scrolled into view, kept as `screenshot` and held to axe.
 */
export async function configureAcquirer(
  page: Page,
  site: string,
  account: AcquirerAccount,
  screenshot: string,
): Promise<void> {
  await page.goto(`${site}/rest/demo/admin/settings`, { waitUntil: 'networkidle' })
  const section = page.locator('#acquirer')
  await section.getByRole('combobox', { name: 'Эквайринг' }).selectOption(account.provider)
  await section.getByLabel(account.id.label).fill(account.id.value)
  await section.getByLabel(account.secret.label).fill(account.secret.value)
  await section.getByRole('button', { name: 'Сохранить эквайринг' }).click()
  await expect.poll(() => section.getByRole('status').textContent()).toBe('Сохранено.')
  expect(await section.getByLabel(account.secret.label).inputValue()).toBe('')
  expect(plain(await section.textContent())).toContain(
    `оканчивается на ${account.secret.value.slice(-4)}`,
  )
  await section.getByRole('button', { name: 'Проверить подключение' }).click()
  await expect.poll(() => section.getByRole('status').textContent()).toBe(account.connected)
  await section.evaluate((element) => element.scrollIntoView({ block: 'start' }))
  await keepScreenshot(page, screenshot)
  await expectNoSeriousViolations(page, { include: '#acquirer' })
}

/**
 * The restaurant's profile names the seller, as every 54-FZ receipt must (decision 0133): the
 * legal entity, INN, tax system and VAT by default, typed in the settings' profile and saved.
 * The settings are open on `page`.
 */
export async function fillSellerProfile(page: Page): Promise<void> {
  const profile = page.locator('#profile')
  await profile.getByLabel('Юридическое лицо').fill('ООО «Демо»')
  await profile.getByLabel('ИНН').fill('7707083893')
  await profile.getByRole('combobox', { name: 'Система налогообложения' }).selectOption('osn')
  await profile.getByRole('combobox', { name: 'НДС по умолчанию' }).selectOption('vat22')
  await profile.getByRole('button', { name: 'Сохранить профиль' }).click()
  await expect.poll(() => profile.getByRole('status').textContent()).toBe('Сохранено.')
}
