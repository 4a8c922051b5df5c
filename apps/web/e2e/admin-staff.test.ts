import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminLogin } from '@tableside/contracts/staff'
import { tableSession } from '@tableside/contracts/table-sessions'
import { order } from '@tableside/contracts/orders'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { pageHeading } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { signInOnScreen } from './garcon-service'
import { plain } from './table-service'
import { apiPost } from './api-request'

/**
 * The back office's staff and settings (issue 17, decisions 0068–0069): a manager adds a waiter
 * who then signs in on their own phone, and a changed setting reaches a diner's open bill.
 */
const HOST = 'tableside.test'
const SCREEN = { include: 'main' }

const notice = async (page: Page) => plain(await page.getByRole('status').first().textContent())

describe('The back office runs the staff and the settings', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Manager adds a waiter who then signs in; a new tip preset reaches an open bill', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        apiPost(path, body, { headers, server: server.url })
      // The manager signs in through the API (the sign-in window is the foundation's story).
      const token = await signInDemoManager(server.url)
      const manager = await browser.phone()
      await actAsManager(manager.context, site, token)
      const { page } = manager
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`${site}/rest/demo/admin/staff`, { waitUntil: 'networkidle' })
      await expect.poll(() => pageHeading(page)).toBe('Персонал')
      const list = page.getByRole('tabpanel')
      await list.getByText('anna').waitFor()
      await keepScreenshot(page, 'admin-staff-1440')
      await expectNoSeriousViolations(page, SCREEN)

      // Add Олег: a taken login is said on its field, then his own goes through.
      await page.getByRole('button', { name: 'Добавить официанта' }).click()
      const dialog = page.getByRole('dialog', { name: 'Добавить официанта' })
      await dialog.getByRole('textbox', { name: 'Имя' }).fill('Олег')
      await dialog.getByRole('textbox', { name: 'Логин' }).fill('Anna')
      await dialog.getByRole('textbox', { name: 'PIN' }).fill('4321')
      await dialog.getByRole('button', { name: 'Добавить' }).click()
      await dialog.getByText('Такой логин уже занят: выберите другой.').waitFor()
      const login = dialog.getByRole('textbox', { name: 'Логин' })
      expect(await login.getAttribute('aria-invalid')).toBe('true')
      await keepScreenshot(page, 'admin-staff-login-taken')
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await login.fill('oleg')
      await dialog.getByRole('button', { name: 'Добавить' }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => notice(page)).toBe('Готово: Олег может входить.')
      await list.getByText('oleg').waitFor()

      // Олег, on his own phone, signs in with what the manager gave him.
      const waiter = await browser.phone()
      await waiter.page.goto(`${site}/rest/demo/garcon`, { waitUntil: 'networkidle' })
      await signInOnScreen(waiter.page, 'oleg', '4321')
      expect(await pageHeading(waiter.page)).toMatch(/Олег/)

      // The manager gives Олег tables 7–9 (issue 30): they leave Игорь's row, Олег's open
      // phone shows them without a reload.
      await page.getByRole('button', { name: 'Столы…: Олег' }).click()
      const tables = page.getByRole('dialog', { name: 'Столы: Олег' })
      await tables.getByText('сейчас: Игорь').first().waitFor()
      for (const label of ['7', '8', '9']) {
        await tables.getByRole('checkbox', { name: new RegExp(`^${label}\\b`) }).check()
      }
      await keepScreenshot(page, 'admin-staff-tables-1440')
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await tables.getByRole('button', { name: 'Сохранить' }).click()
      await tables.waitFor({ state: 'detached' })
      await expect.poll(() => notice(page)).toBe('Олег: столы сохранены.')
      const olegRow = list.getByRole('listitem').filter({ hasText: 'oleg' })
      await expect.poll(async () => plain(await olegRow.textContent())).toContain('Столы: 7, 8, 9')
      const igorRow = list.getByRole('listitem').filter({ hasText: 'igor' })
      await expect.poll(async () => plain(await igorRow.textContent())).not.toContain('7, 8, 9')
      await expect
        .poll(() => waiter.page.locator('.floor-table__label').allTextContents())
        .toEqual(expect.arrayContaining([expect.stringContaining('7')]))
      await keepScreenshot(waiter.page, 'garcon-given-tables-390')

      // The other tabs, and a phone-sized look at the list.
      await page.getByRole('tab', { name: 'Кухня' }).click()
      await list.getByText('kitchen').waitFor()
      await page.getByRole('tab', { name: 'Менеджеры' }).click()
      await list.getByText('(вы)').waitFor()
      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'admin-staff-managers-1024')
      await expectNoSeriousViolations(page, SCREEN)

      // Вера, a second manager, forgot her password (issue 27): the manager gives her a new one,
      // confirming with their own; every device Вера is signed in on is signed out.
      await post(
        '/admin/staff',
        { role: 'manager', name: 'Вера', login: 'vera', password: 'vera-first-pass' },
        { 'x-manager-token': token },
      )
      const vera = await browser.phone()
      const veraToken = adminLogin.response.parse(
        await post('/auth/admin/login', {
          restaurantId: 'demo',
          login: 'vera',
          password: 'vera-first-pass',
        }),
      ).token
      await actAsManager(vera.context, site, veraToken)
      await vera.page.goto(`${site}/rest/demo/admin`, { waitUntil: 'networkidle' })
      await vera.page.getByRole('navigation', { name: 'Разделы' }).waitFor()
      await page.reload({ waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Сбросить пароль: Вера' }).click()
      const reset = page.getByRole('dialog', { name: 'Новый пароль: Вера' })
      await reset.getByLabel('Новый пароль для сотрудника').fill('spring-tulips-7')
      await reset.getByLabel('Ваш пароль').fill('not-my-password')
      await reset.getByRole('button', { name: 'Сбросить пароль' }).click()
      await reset.getByText('Это не ваш пароль.').waitFor()
      await keepScreenshot(page, 'admin-staff-reset-password')
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await reset.getByLabel('Ваш пароль').fill('tableside-demo')
      await reset.getByRole('button', { name: 'Сбросить пароль' }).click()
      await reset.waitFor({ state: 'detached' })
      await expect
        .poll(() => notice(page))
        .toBe('Новый пароль сохранён (Вера); устройств отключено: 1.')
      await vera.page.reload({ waitUntil: 'networkidle' })
      await vera.page.getByText('Сеанс завершён.').waitFor()
      // Reloaded again (or ended by a poll before the first reload): the tab still says why.
      await vera.page.reload({ waitUntil: 'networkidle' })
      await vera.page.getByText('Сеанс завершён.').waitFor()

      // A diner at T3 with an order has the bill open: 5, 10 and 15 % tips.
      const tokens = await demoTableTokens(server)
      const session = tableSession.parse(
        await post('/restaurants/demo/table-sessions', { tableToken: tokens.T3 }),
      )
      const placed = order.parse(
        await post(
          '/restaurants/demo/orders',
          {
            type: 'dine_in',
            lines: [{ dishId: 'borscht', quantity: 1, optionIds: [] }],
            paymentMethod: 'cash',
            tableSessionId: session.id,
          },
          { 'idempotency-key': randomUUID() },
        ),
      )
      const diner = await browser.phone()
      await diner.page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
      await diner.page.evaluate(
        ([table, orders]) => {
          localStorage.setItem('tableside.table-session.v1.demo', table)
          localStorage.setItem('tableside.my-orders.v1.demo', orders)
        },
        [JSON.stringify(session), JSON.stringify([placed.id])] as const,
      )
      await diner.page.goto(`${site}/rest/demo/bill`, { waitUntil: 'networkidle' })
      await diner.page.getByRole('radio', { name: /^10 %/ }).waitFor()

      // The manager makes the tips 7, 12 and 20 %: the open bill follows without a reload.
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`${site}/rest/demo/admin/settings`, { waitUntil: 'networkidle' })
      await expect.poll(() => pageHeading(page)).toBe('Настройки')
      const tips = page.getByRole('textbox', { name: 'Варианты чаевых, %' })
      await tips.fill('7, 7')
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
      await page.getByText('Каждый вариант чаевых — один раз.').waitFor()
      expect(await tips.getAttribute('aria-invalid')).toBe('true')
      await keepScreenshot(page, 'admin-settings-problem')
      await expectNoSeriousViolations(page, SCREEN)
      await tips.fill('7, 12, 20')
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
      await page.getByText('Сохранено. Гости уже видят новые настройки.').waitFor()
      await diner.page.getByRole('radio', { name: /^12 %/ }).waitFor()
      expect(await diner.page.getByRole('radio', { name: /^10 %/ }).count()).toBe(0)
      await keepScreenshot(page, 'admin-settings-1440')
      await page.setViewportSize({ width: 390, height: 844 })
      await keepScreenshot(page, 'admin-settings-390')
      await expectNoSeriousViolations(page, SCREEN)
      for (const { problems } of [manager, waiter, diner, vera]) {
        // The development console's fonts; the taken login's 409, the wrong password's 403, the
        // refused save and Вера's ended session (401), each of which the screens explained.
        expect(
          problems.filter(
            (problem) => !/font-src|409 \(Conflict\)|403 \(Forbidden\)|401/.test(problem),
          ),
        ).toEqual([])
      }
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
