import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { kitchenLogin } from '@tableside/contracts/staff'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { pageHeading } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'
import { apiPost } from './api-request'

/**
 * The back office's kitchen stations (issue 17, decision 0070): the manager splits the kitchen
 * display into stations, gives each its menu categories and sets the ticket timer, and the
 * kitchen's tablet shows the new station at once.
 */
const HOST = 'tableside.test'

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)

describe('The back office sets up the kitchen stations', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Manager adds a pastry station with the desserts, moves it, and the kitchen display shows it', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const api = `${server.url}/api/v1`
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        apiPost(path, body, { headers, server: server.url })
      const token = await signInDemoManager(server.url)
      const manager = await browser.phone()
      await actAsManager(manager.context, site, token)
      const { page } = manager
      page.on('dialog', (dialog) => void dialog.accept())
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`${site}/rest/demo/admin/stations`, { waitUntil: 'networkidle' })
      await expect.poll(() => pageHeading(page)).toBe('Цеха кухни')
      const stations = page.locator('.admin-kitchen__station')
      // A card by its heading: the others name it too ("сейчас: …" by a category).
      const card = (name: string) =>
        stations.filter({ has: page.getByRole('heading', { name, exact: true }) })
      const names = async () =>
        (await page.locator('.admin-kitchen__station-name').allTextContents()).map(plain)
      const before = await names()
      expect(before.length).toBeGreaterThan(0)
      await keepScreenshot(page, 'admin-stations-1440')
      await expectNoSeriousViolations(page, { include: 'main' })

      // A station without a name is refused on its field; then "Кондитерский цех" is added last.
      await page.getByRole('button', { name: 'Добавить цех' }).click()
      await page.getByText('Назовите цех.').waitFor()
      await page.getByRole('textbox', { name: 'Новый цех' }).fill('Кондитерский цех')
      await page.getByRole('button', { name: 'Добавить цех' }).click()
      await expect.poll(names).toEqual([...before, 'Кондитерский цех'])
      const pastry = card('Кондитерский цех')
      expect(plain(await pastry.textContent())).toContain('Пока ничего не готовит')

      // Its desserts: a tick moves the category here from wherever it was cooked.
      const desserts = pastry.getByRole('checkbox', { name: /^Десерты/ })
      await desserts.check()
      await expect.poll(() => desserts.isChecked()).toBe(true)
      for (const other of before) {
        const box = card(other).getByRole('checkbox', { name: /^Десерты/ })
        await expect
          .poll(async () => plain(await box.locator('..').textContent()))
          .toContain('сейчас: Кондитерский цех')
        expect(await box.isChecked()).toBe(false)
      }

      // On a slow network a tick shows at once, though its save waits for the one before it.
      await page.route('**/api/v1/admin/stations/*', async (route) => {
        if (route.request().method() === 'PATCH') {
          await new Promise((resolve) => setTimeout(resolve, 1500))
        }
        await route.continue()
      })
      const others = pastry
        .locator('.admin-kitchen__check')
        .filter({ hasNotText: /^Десерты/ })
        .getByRole('checkbox')
      for (const on of [true, false]) {
        await others.nth(0).setChecked(on)
        await others.nth(1).setChecked(on)
        await expect
          .poll(async () => plain(await page.locator('.admin-kitchen__saving').textContent()))
          .toBe('Все изменения сохранены.')
        expect([await others.nth(0).isChecked(), await others.nth(1).isChecked()]).toEqual([on, on])
      }
      await page.unroute('**/api/v1/admin/stations/*')

      // Moved up by keyboard: the move button keeps the focus in the station's new place. The
      // arrows wait (aria-disabled) while a change is on its way, as the tick may still be.
      const saving = page.locator('.admin-kitchen__saving')
      await expect
        .poll(async () => plain(await saving.textContent()))
        .toBe('Все изменения сохранены.')
      const up = pastry.getByRole('button', { name: 'Поднять «Кондитерский цех»' })
      await up.focus()
      await page.keyboard.press('Enter')
      const moved = [...before.slice(0, -1), 'Кондитерский цех', ...before.slice(-1)]
      await expect.poll(names).toEqual(moved)
      await expect.poll(() => focusedLabel(page)).toBe('Поднять «Кондитерский цех»')
      // The screen says when every change has reached the server: then a reload keeps it.
      await expect
        .poll(async () => plain(await saving.textContent()))
        .toBe('Все изменения сохранены.')
      await page.reload({ waitUntil: 'networkidle' })
      await expect.poll(names).toEqual(moved)

      // The timer: red before amber is refused on the screen; a right pair is saved.
      const warn = page.getByRole('spinbutton', { name: 'Жёлтая через, мин' })
      const late = page.getByRole('spinbutton', { name: 'Красная через, мин' })
      await warn.fill('15')
      await late.fill('12')
      await page.getByRole('button', { name: 'Сохранить таймер' }).click()
      await page.getByText('Красная должна наступать позже жёлтой.').waitFor()
      expect(await late.getAttribute('aria-invalid')).toBe('true')
      await late.fill('25')
      await page.getByRole('button', { name: 'Сохранить таймер' }).click()
      await page.getByText('Сохранено.').waitFor()
      const thresholds = (await (
        await fetch(`${api}/admin/stations`, { headers: { 'x-manager-token': token } })
      ).json()) as { thresholds: unknown }
      expect(thresholds.thresholds).toEqual({ warnMinutes: 15, lateMinutes: 25 })

      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'admin-stations-1024')
      await page.setViewportSize({ width: 390, height: 844 })
      await keepScreenshot(page, 'admin-stations-390')
      await expectNoSeriousViolations(page, { include: 'main' })

      // The kitchen's tablet has the new station's tab.
      const kitchen = kitchenLogin.response.parse(
        await post('/auth/kitchen/login', { restaurantId: 'demo', login: 'kitchen', pin: '3333' }),
      )
      const wall = await browser.phone()
      await wall.context.addCookies([{ name: 'kitchen_token', value: kitchen.token, url: site }])
      await wall.page.setViewportSize({ width: 1024, height: 768 })
      await wall.page.goto(`${site}/rest/demo/kitchen`, { waitUntil: 'networkidle' })
      const tabs = wall.page.getByRole('navigation', { name: 'Цеха' })
      await tabs.getByRole('button', { name: /^Кондитерский цех/ }).waitFor()

      // Deleted (after the confirmation), its desserts go back to the kitchen's common list.
      await pastry.getByRole('button', { name: 'Удалить «Кондитерский цех»' }).click()
      await expect.poll(names).toEqual(before)
      await wall.page.reload({ waitUntil: 'networkidle' })
      await expect
        .poll(() => tabs.getByRole('button', { name: /^Кондитерский цех/ }).count())
        .toBe(0)

      // Every change is in the audit log, the timer's too, on the manager's phone.
      await page.getByRole('link', { name: 'Журнал изменений' }).click()
      await page.getByRole('heading', { name: 'Журнал изменений', level: 1 }).waitFor()
      // The keyboard goes on from the new section's content, not from the nav's link.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
      // In words (decision 0116); the kinds and ids wait behind each entry's details.
      const log = page.locator('.audit__list')
      await expect.poll(async () => plain(await log.innerText())).toMatch(/таймер кухни/)
      const text = plain(await log.innerText())
      expect(text).toContain('цех «Кондитерский цех»')
      expect(text).not.toContain('kitchen_thresholds')
      await keepScreenshot(page, 'admin-audit-390')
      await expectNoSeriousViolations(page, { include: 'main' })
    } finally {
      await server.stop()
    }
  })
})
