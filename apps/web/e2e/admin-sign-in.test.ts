import { describe, expect, it } from 'vitest'
import { TOTP } from 'otpauth'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'

/**
 * The manager signs in to the back office and the kitchen to its display (issue 17, decision
 * 0062), at a name on the restaurant's network over plain http. A manager turns on the code at
 * sign-in from an authenticator app, and from then on the password alone is not enough.
 */
const HOST = 'tableside.test'

describe('Staff sign in', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Manager signs in, turns on a code at sign-in, and needs it the next time', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const { page, context, problems } = await browser.phone()
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`${site}/rest/demo/admin`)
      await page.getByRole('heading', { name: 'Управление рестораном' }).waitFor()
      await expectNoSeriousViolations(page)

      const signIn = async (password: string) => {
        await page.getByLabel('Логин').fill('Manager')
        await page.getByLabel('Пароль').fill(password)
        await page.getByRole('button', { name: 'Войти' }).click()
      }
      await signIn('not-the-password')
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('Неверный логин или пароль')
      await signIn('tableside-demo')
      await page.getByRole('navigation', { name: 'Разделы' }).waitFor()
      // The token is in its cookie, not in storage a script of another origin could read.
      const cookies = await context.cookies(site)
      expect(cookies.map((cookie) => cookie.name)).toContain('manager_token')

      await page.getByRole('link', { name: 'Журнал изменений' }).click()
      await page.getByRole('heading', { name: 'Журнал изменений' }).waitFor()
      await expectNoSeriousViolations(page)
      await keepScreenshot(page, 'admin-audit-desktop')

      // The code at sign-in: scan (here: read) the key, type the code the app shows.
      await page.getByRole('button', { name: /Ваша учётная запись/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Ваша учётная запись' })
      await dialog.getByRole('button', { name: 'Настроить код' }).click()
      const key = ((await dialog.locator('code').textContent()) ?? '').replace(/\s/g, '')
      expect(key).toMatch(/^[A-Z2-7]{32}$/)
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await keepScreenshot(page, 'admin-account-totp')
      const totp = new TOTP({ secret: key })
      // A wrong code says so, and the manager stays signed in (a 401 of its own is no sign-out).
      await dialog
        .getByLabel('Код из приложения')
        .fill(totp.generate({ timestamp: Date.now() - 10 * 60_000 }))
      await dialog.getByRole('button', { name: 'Включить' }).click()
      await dialog.getByText('Код неверный или устарел').waitFor()
      await dialog.getByLabel('Код из приложения').fill(totp.generate())
      await dialog.getByRole('button', { name: 'Включить' }).click()
      await dialog.getByText('Включён').waitFor()
      await dialog.getByRole('button', { name: 'Закрыть' }).click()

      await page.getByRole('button', { name: 'Выйти' }).click()
      await page.getByRole('heading', { name: 'Управление рестораном' }).waitFor()
      await signIn('tableside-demo')
      const code = page.getByLabel('Код из приложения-аутентификатора')
      await code.waitFor()
      await code.fill(totp.generate())
      await page.getByRole('button', { name: 'Войти' }).click()
      await page.getByRole('heading', { name: 'Журнал изменений' }).waitFor()
      expect(problems.filter((problem) => !problem.includes('401'))).toEqual([])
    } finally {
      await server.stop()
    }
  })

  it('The kitchen signs in with its PIN on a wall tablet; a manager’s password is not a PIN', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const { page } = await browser.phone()
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.goto(`${site}/rest/demo/kitchen`)
      await page.getByRole('heading', { name: 'Экран кухни' }).waitFor()
      await expectNoSeriousViolations(page)
      await keepScreenshot(page, 'kitchen-sign-in-tablet')
      await page.getByLabel('Логин').fill('manager')
      await page.getByLabel('PIN').fill('1111')
      await page.getByRole('button', { name: 'Войти' }).click()
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('Неверный логин или PIN')
      await page.getByLabel('Логин').fill('kitchen')
      await page.getByLabel('PIN').fill('3333')
      await page.getByRole('button', { name: 'Войти' }).click()
      await page.getByLabel('PIN').waitFor({ state: 'detached' })
      // Signed in: the back office still asks its own sign-in (a kitchen token is no manager's).
      await page.goto(`${site}/rest/demo/admin`)
      await page.getByRole('heading', { name: 'Управление рестораном' }).waitFor()
    } finally {
      await server.stop()
    }
  })
})
