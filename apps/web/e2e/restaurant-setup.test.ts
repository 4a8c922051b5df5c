import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'

/**
 * A restaurant from nothing (issue 29, decision 0115): a fresh install without the demo, where
 * `/` sets up the first restaurant with the code the server printed, then its manager builds
 * a table and a dish and fills in the profile, and a diner orders from that table.
 */
const HOST = 'tableside.test'

/** The setup link of the server's start banner (`…/#setup=TOKEN`). */
async function setupLink(output: () => string): Promise<string> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = /(http:\/\/\S+\/#setup=[A-Za-z0-9_-]+)/.exec(output())?.[1]
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No setup link was printed:\n${output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('A restaurant from nothing', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('An owner sets up a new restaurant from an empty install and a diner orders from its first table', async () => {
    const server = await startServer({ publicHost: HOST, env: { DEMO_SEED: 'false' } })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const link = await setupLink(server.output)
      expect(new URL(link).origin).toBe(site)
      expect(server.output()).not.toContain('Demo menu')

      // Someone on the restaurant's network opens `/` without the link: they get the form, and
      // without the printed code nothing is made.
      const stranger = await browser.phone()
      await stranger.page.goto(`${site}/`, { waitUntil: 'networkidle' })
      await stranger.page.getByRole('heading', { name: 'Настройте свой ресторан' }).waitFor()
      await stranger.page.getByLabel('Название', { exact: true }).fill('Чужой ресторан')
      await stranger.page.getByLabel('Ваше имя').fill('Посторонний')
      await stranger.page.getByLabel('Логин').fill('intruder')
      await stranger.page.getByLabel('Пароль').fill('угадаю-с-первого-раза')
      await stranger.page.getByLabel('Код настройки').fill('guessed-setup-code-0123456789ab')
      await stranger.page.getByRole('button', { name: 'Создать ресторан' }).click()
      await expect
        .poll(() => stranger.page.getByRole('alert').textContent())
        .toContain('Это не тот код, который напечатал сервер')
      await stranger.page.getByLabel('Код настройки').scrollIntoViewIfNeeded()
      await keepScreenshot(stranger.page, 'setup-refused-phone')

      // The owner opens the printed link on a phone.
      const { page, problems } = await browser.phone()
      await page.goto(link, { waitUntil: 'networkidle' })
      await page.getByRole('heading', { name: 'Настройте свой ресторан' }).waitFor()
      await page.getByText('Открыто по ссылке для настройки').waitFor()
      expect(await page.getByLabel('Код настройки').count()).toBe(0)
      await page.getByLabel('Название', { exact: true }).fill('Пельменная «Ёлка»')
      expect(await page.getByLabel('Адрес в ссылках').inputValue()).toBe('pelmennaia-elka')
      await page.getByLabel('Найдите город или страну').fill('екатер')
      expect(await page.getByRole('combobox', { name: 'Часовой пояс' }).inputValue()).toBe(
        'Asia/Yekaterinburg',
      )
      await page.getByLabel('Ваше имя').fill('Мария')
      await page.getByLabel('Логин').fill('maria')
      await page.getByLabel('Пароль').fill('maria-maria-1')
      await page.getByRole('button', { name: 'Создать ресторан' }).click()
      await page.getByText('Пароль не должен содержать логин.').waitFor()
      await page.getByLabel('Пароль').fill('пельмени-с-ёлки-2026')
      await expectNoSeriousViolations(page)
      await page.evaluate(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
        window.scrollTo(0, 0)
      })
      await keepScreenshot(page, 'setup-phone')
      await page.setViewportSize({ width: 1440, height: 900 })
      await keepScreenshot(page, 'setup-desktop')
      await page.getByRole('button', { name: 'Создать ресторан' }).click()

      // The back office opens, signed in; the code is spent and gone from the address bar.
      await page.getByRole('navigation', { name: 'Разделы' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/rest/pelmennaia-elka/admin')
      expect(new URL(page.url()).hash).toBe('')
      const replay = await fetch(`${server.url}/api/v1/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          setupToken: new URL(link).hash.slice('#setup='.length),
          restaurant: { id: 'second', name: 'Второй', timezone: 'Europe/Moscow', language: 'ru' },
          manager: { name: 'Второй', login: 'second', password: 'второй-пароль-1' },
        }),
      })
      expect(replay.status).toBe(409)
      // The manager starts the menu with a category and a dish.
      await page
        .getByRole('navigation', { name: 'Разделы' })
        .getByRole('link', { name: 'Меню' })
        .click()
      await page.getByRole('button', { name: 'Начать меню' }).click()
      await page.getByRole('button', { name: '+ Категория' }).click()
      await page.getByLabel('Название (русский)').fill('Пельмени')
      await page.getByRole('button', { name: 'Сохранить' }).click()
      await page.getByRole('button', { name: /^Пельмени/ }).waitFor()
      await page.getByRole('button', { name: '+ Блюдо' }).click()
      await page.getByLabel('Название (русский)').fill('Пельмени сибирские')
      await page.getByLabel('Цена, ₽').fill('450')
      await page.getByRole('button', { name: 'Добавить блюдо' }).click()
      await page.getByRole('button', { name: 'Пельмени сибирские', exact: true }).waitFor()

      // A zone and the first table; its QR code's link is what the diner scans.
      await page
        .getByRole('navigation', { name: 'Разделы' })
        .getByRole('link', { name: 'Столы и QR' })
        .click()
      await page.getByRole('button', { name: 'Добавить зону' }).click()
      const zone = page.getByRole('dialog', { name: 'Новая зона' })
      await zone.getByLabel('Название по-русски').fill('Зал')
      await zone.getByRole('button', { name: 'Сохранить' }).click()
      const hall = page.getByRole('region', { name: /^Зал/ })
      await hall.getByRole('button', { name: 'Добавить стол' }).click()
      const table = page.getByRole('dialog', { name: 'Новый стол' })
      await table.getByRole('textbox', { name: 'Код' }).fill('T1')
      await table.getByRole('textbox', { name: 'Название' }).fill('1')
      await table.getByRole('button', { name: 'Сохранить' }).click()
      await page.getByRole('button', { name: 'QR-код стола T1' }).click()
      const qr = page.getByRole('dialog', { name: 'QR-код стола T1' })
      const tableLink = await qr.getByRole('textbox', { name: 'Ссылка кода' }).inputValue()
      expect(tableLink).toMatch(new RegExp(`^${site}/rest/pelmennaia-elka/init\\?table=`))
      await qr.getByRole('button', { name: 'Закрыть' }).click()

      // The profile: a wrong INN is refused where it was typed, then the right one is kept.
      await page
        .getByRole('navigation', { name: 'Разделы' })
        .getByRole('link', { name: 'Настройки' })
        .click()
      const profile = page.getByRole('region', { name: 'Профиль ресторана' })
      await profile.getByLabel('Название (английский)').fill('Yolka Dumplings')
      await profile.getByLabel('Адрес').fill('Екатеринбург, ул. Вайнера, 9')
      await profile.getByLabel('Телефон').fill('8 343 123-45-67')
      await profile.getByLabel('Юридическое лицо').fill('ООО «Ёлка»')
      await profile.getByLabel('ИНН').fill('7707083894')
      const logo = await sharp({
        create: { width: 320, height: 320, channels: 3, background: '#2f6b3a' },
      })
        .png()
        .toBuffer()
      await profile
        .getByLabel('Загрузить логотип')
        .setInputFiles({ name: 'elka.png', mimeType: 'image/png', buffer: logo })
      await profile.getByRole('button', { name: 'Убрать логотип' }).waitFor()
      await profile.getByLabel('Система налогообложения').selectOption('usn_income')
      await profile.getByLabel('НДС по умолчанию').selectOption('none')
      await profile.getByRole('button', { name: 'Сохранить профиль' }).click()
      await profile.getByText('Такого ИНН не бывает').waitFor()
      await profile.getByLabel('ИНН').fill('7707083893')
      await profile.getByRole('button', { name: 'Сохранить профиль' }).click()
      await profile.getByText('Сохранено.').waitFor()
      expect(await profile.getByLabel('Телефон').inputValue()).toBe('+7 343 123 45 67')
      await expectNoSeriousViolations(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      await profile.scrollIntoViewIfNeeded()
      await keepScreenshot(page, 'settings-profile-tablet')
      await page.setViewportSize({ width: 1440, height: 900 })
      await keepScreenshot(page, 'settings-profile-desktop')

      // A diner scans the table's code and orders the dish.
      const diner = await browser.phone()
      await diner.page.goto(tableLink, { waitUntil: 'networkidle' })
      await diner.page.waitForURL('**/rest/pelmennaia-elka/menu', { timeout: 10_000 })
      await diner.page.getByRole('button', { name: 'Добавить: Пельмени сибирские' }).click()
      await diner.page.getByRole('link', { name: /^Корзина\s*,/ }).click()
      await diner.page.getByRole('button', { name: 'Перейти к оформлению' }).click()
      expect(await diner.page.getByRole('radio', { name: /За стол/ }).isChecked()).toBe(true)
      const confirm = diner.page.getByRole('button', { name: 'Подтвердить заказ' })
      await expect.poll(() => confirm.isEnabled()).toBe(true)
      await confirm.click()
      await diner.page.waitForURL(/\/rest\/pelmennaia-elka\/order\/[0-9a-f-]{36}$/)
      const orderId = new URL(diner.page.url()).pathname.split('/').at(-1) ?? ''
      const order = (await (await fetch(`${server.url}/api/v1/orders/${orderId}`)).json()) as {
        type: string
        totals: { total: number }
        table: { label: string } | null
      }
      expect(order).toMatchObject({
        type: 'dine_in',
        totals: { total: 45_000 },
        table: { label: '1' },
      })
      await keepScreenshot(diner.page, 'setup-first-order')
      // The menu says whose it is: the logo, name, address, phone and who sells.
      await diner.page.goto(`${site}/rest/pelmennaia-elka/menu`, { waitUntil: 'networkidle' })
      const about = diner.page.getByRole('region', { name: 'О ресторане' })
      await about.getByText('Екатеринбург, ул. Вайнера, 9').waitFor()
      expect(
        await about.getByRole('link', { name: 'Позвонить: +7 343 123 45 67' }).getAttribute('href'),
      ).toBe('tel:+73431234567')
      expect(await about.textContent()).toContain('ООО «Ёлка», ИНН 7707083893')
      expect(await about.locator('img').getAttribute('src')).toMatch(
        /^\/media\/photos\/pelmennaia-elka\/[0-9a-f]+\/640\.webp$/,
      )
      await about.scrollIntoViewIfNeeded()
      await keepScreenshot(diner.page, 'menu-restaurant-card')
      expect(diner.problems).toEqual([])

      // With one restaurant, `/` is its menu.
      await stranger.page.goto(`${site}/`, { waitUntil: 'networkidle' })
      await expect
        .poll(() => new URL(stranger.page.url()).pathname)
        .toBe('/rest/pelmennaia-elka/menu')
      expect(problems).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
