import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The manager's menu (issue 17): what the back office saves reaches diners' open screens at
 * once, through the restaurant's channel. A server of its own: these stories change the menu.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const HERRING = 'Сельдь с картофелем и луком'
const CART_KEY = 'tableside.cart.v1.demo'

async function signInManager(serverUrl: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/v1/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ restaurantId: 'demo', login: 'manager', password: 'tableside-demo' }),
  })
  expect(response.status).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return token
}

/** Long enough for an open page's realtime connection to be subscribed before a change. */
const subscribed = (page: Page) => page.waitForTimeout(1500)

describe('The manager edits the menu', () => {
  const browser = useBrowser({ hosts: [HOST] })

  let server: ServerProcess
  let site = ''
  let token = ''
  beforeAll(async () => {
    server = await startServer({ publicHost: HOST })
    site = server.url.replace('127.0.0.1', HOST)
    token = await signInManager(server.url)
  })
  afterAll(async () => {
    await server.stop()
  })

  /** The manager's desktop screen, signed in. */
  const managerScreen = async () => {
    const manager = await browser.phone()
    await manager.page.setViewportSize({ width: 1440, height: 900 })
    await manager.context.addCookies([{ name: 'manager_token', value: token, url: site }])
    await manager.page.goto(`${site}/rest/demo/admin/menu`, { waitUntil: 'networkidle' })
    return manager
  }
  // As in the other stories: a socket that reconnects on a busy machine, a probe's 404.
  const realProblems = (problems: string[]) =>
    problems.filter((problem) => !/WebSocket|404 \(Not Found\)/.test(problem))

  it('Manager adds a dish with a photo and an open menu shows it', async () => {
    // A diner has the menu open on a phone.
    const diner = await browser.phone()
    await diner.page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
    await subscribed(diner.page)

    // The manager: Soups, a new dish with a photo.
    const manager = await managerScreen()
    const page = manager.page
    await page.getByRole('button', { name: /^Супы/ }).click()
    await keepScreenshot(page, 'admin-menu-list')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByRole('button', { name: '+ Блюдо' }).click()
    await page.getByLabel('Название (русский)').fill('Уха по-царски')
    await page.getByLabel('Название (английский)').fill('Royal fish soup')
    await page.getByLabel('Цена, ₽').fill('дорого')
    await page.getByRole('button', { name: 'Добавить блюдо' }).click()
    // A bad field is named beside it, and nothing is saved.
    await expect.poll(() => page.getByText('Не сохранено: исправьте').count()).toBe(1)
    await page.getByLabel('Цена, ₽').fill('520')
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#c8642a' },
    })
      .jpeg()
      .toBuffer()
    await page
      .getByLabel('Загрузить фото')
      .setInputFiles({ name: 'ukha.jpg', mimeType: 'image/jpeg', buffer: photo })
    await page.getByRole('button', { name: 'Убрать фото' }).waitFor()
    await expectNoSeriousViolations(page, SCREEN)
    await keepScreenshot(page, 'admin-menu-dish-editor')
    await page.getByRole('button', { name: 'Добавить блюдо' }).click()
    await page.getByText('Сохранено. Гости уже видят.').waitFor()

    // The open menu shows it, its photo in the sizes the card needs.
    const card = diner.page.locator('article', { hasText: 'Уха по-царски' })
    await expect.poll(() => card.count(), { timeout: 5000 }).toBe(1)
    const avif = await card.locator('source[type="image/avif"]').getAttribute('srcset')
    expect(avif).toMatch(/\/media\/photos\/demo\/[0-9a-f]+\/320\.avif 320w/)
    await card.scrollIntoViewIfNeeded()
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    expect(realProblems(manager.problems)).toEqual([])
  })

  it('Manager puts a dish on the stop-list and a diner’s cart says it is sold out', async () => {
    // The cart works as it does today: the server's quote flags a sold-out line.
    const diner = await browser.phone()
    await diner.page.goto(`${site}/rest/demo/cart`, { waitUntil: 'networkidle' })
    await diner.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      CART_KEY,
      JSON.stringify({ lines: [{ dishId: 'herring-potatoes', quantity: 1, optionIds: [] }] }),
    ] as const)
    await diner.page.reload({ waitUntil: 'networkidle' })
    const line = diner.page.getByRole('list', { name: 'Блюда в корзине' }).getByRole('listitem')
    await expect.poll(async () => plain(await line.first().textContent())).toContain(HERRING)
    expect(plain(await line.first().textContent())).not.toContain('Сейчас закончилось')
    await subscribed(diner.page)

    const manager = await managerScreen()
    const onSale = manager.page.getByRole('switch', { name: `${HERRING} в продаже` })
    expect(await onSale.getAttribute('aria-checked')).toBe('true')
    await onSale.click()
    await expect.poll(() => onSale.getAttribute('aria-checked')).toBe('false')
    await expect
      .poll(async () => plain(await line.first().textContent()), { timeout: 5000 })
      .toContain('Сейчас закончилось')
    await keepScreenshot(diner.page, 'admin-menu-cart-sold-out')
    expect(realProblems(manager.problems)).toEqual([])
  })
})
