import { describe, expect, it } from 'vitest'
import { TOTP } from 'otpauth'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'

/**
 * The manager signs in to the back office and the kitchen to its display (issue 17, decision
 * 0062), at a name on the restaurant's network over plain http. A manager turns on the code at
 * sign-in from an authenticator app (the password asked again; their other device signed out,
 * issue 27), changes the password, and from then on the password alone is not enough; at the
 * end they sign out everywhere.
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

      // A second device signed in as the manager: the one a stolen token would be (issue 27).
      const other = await browser.phone()
      await other.page.goto(`${site}/rest/demo/admin`)
      await other.page.getByLabel('Логин').fill('manager')
      await other.page.getByLabel('Пароль').fill('tableside-demo')
      await other.page.getByRole('button', { name: 'Войти' }).click()
      await other.page.getByRole('navigation', { name: 'Разделы' }).waitFor()

      // The code at sign-in: scan (here: read) the key, type the password and the app's code.
      await page.getByRole('button', { name: /Ваша учётная запись/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Ваша учётная запись' })
      const sessions = dialog.getByRole('list').last()
      await sessions.getByText('Это устройство').waitFor()
      expect(await sessions.getByRole('button', { name: /^Завершить вход/ }).count()).toBe(1)
      await dialog.getByRole('button', { name: 'Настроить код' }).click()
      const key = ((await dialog.locator('code').textContent()) ?? '').replace(/\s/g, '')
      expect(key).toMatch(/^[A-Z2-7]{32}$/)
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await keepScreenshot(page, 'admin-account-totp')
      const totp = new TOTP({ secret: key })
      // The password is asked again: a wrong one is refused, and nothing is turned on.
      await dialog.getByLabel('Ваш пароль').fill('not-the-password')
      await dialog.getByLabel('Код из приложения').fill(totp.generate())
      await dialog.getByRole('button', { name: 'Включить' }).click()
      await dialog.getByText('Это не ваш пароль.').waitFor()
      // A wrong code says so, and the manager stays signed in (a 401 of its own is no sign-out).
      await dialog.getByLabel('Ваш пароль').fill('tableside-demo')
      await dialog
        .getByLabel('Код из приложения')
        .fill(totp.generate({ timestamp: Date.now() - 10 * 60_000 }))
      await dialog.getByRole('button', { name: 'Включить' }).click()
      await dialog.getByText('Код неверный или устарел').waitFor()
      await dialog.getByLabel('Код из приложения').fill(totp.generate())
      await dialog.getByRole('button', { name: 'Включить' }).click()
      await dialog.getByText(/^Включён:/).waitFor()
      await dialog.getByText('Код включён. На всех других устройствах выполнен выход.').waitFor()
      // The other device is signed out at its next step.
      await other.page.reload()
      await other.page.getByText('Сеанс завершён.').waitFor()

      // A new password: too short is said on its field, then the current one and a good one.
      await dialog.getByRole('button', { name: 'Сменить пароль' }).click()
      await dialog.getByLabel('Текущий пароль').fill('tableside-demo')
      await dialog.getByLabel('Новый пароль', { exact: true }).fill('short')
      await dialog.getByLabel('Новый пароль ещё раз').fill('short')
      await dialog.getByRole('button', { name: 'Сохранить пароль' }).click()
      await dialog.getByText('Пароль — не короче 10 символов.').waitFor()
      await dialog.getByLabel('Новый пароль', { exact: true }).fill('borscht-at-noon')
      await dialog.getByLabel('Новый пароль ещё раз').fill('borscht-at-noon')
      await dialog.getByRole('button', { name: 'Сохранить пароль' }).click()
      await dialog.getByText('Пароль изменён. Отключено устройств: 0.').waitFor()
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await keepScreenshot(page, 'admin-account-password')
      await dialog.getByRole('button', { name: 'Закрыть' }).click()

      await page.getByRole('button', { name: 'Выйти' }).click()
      await page.getByRole('heading', { name: 'Управление рестораном' }).waitFor()
      await signIn('borscht-at-noon')
      const code = page.getByLabel('Код из приложения-аутентификатора')
      await code.waitFor()
      await code.fill(totp.generate())
      await page.getByRole('button', { name: 'Войти' }).click()
      await page.getByRole('heading', { name: 'Журнал изменений' }).waitFor()

      // Signing out everywhere ends this device's session too, after a confirmation.
      await page.getByRole('button', { name: /Ваша учётная запись/ }).click()
      await dialog.getByRole('button', { name: 'Выйти на всех устройствах' }).click()
      await dialog.getByRole('button', { name: 'Да, выйти везде' }).click()
      await page.getByRole('heading', { name: 'Управление рестораном' }).waitFor()
      // The refusals the screens explained: the wrong password (403) and sign-ins that ended (401).
      for (const { problems: seen } of [{ problems }, other]) {
        expect(seen.filter((problem) => !/401|403/.test(problem))).toEqual([])
      }
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
