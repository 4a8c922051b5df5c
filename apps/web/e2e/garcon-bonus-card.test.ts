import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { verifyClientOtp } from '@tableside/contracts/client'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole, pageHeading, smsCode } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * A waiter looks up the bonus card a diner shows (issue 16, decision 0059). Waiters' phones
 * reach the server at a name on the restaurant's network over plain http, where no camera is
 * given to a page: the number is typed.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const PHONE = '+79165554321'

const alertText = async (page: Page) =>
  plain((await page.getByRole('alert').allTextContents()).join(' '))

describe('A waiter looks up a bonus card', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Diner registers a card; the waiter types its number and sees whose it is and its points', async () => {
    // Development: the SMS sandbox sends, and /dev/sms shows what it sent.
    const server = await startServer({ env: { APP_ENV: 'development' }, publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const api = `${server.url}/api/v1`
      const send = (method: string, path: string, body: unknown, token?: string) =>
        fetch(`${api}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { 'x-profile-token': token } : {}),
          },
          body: JSON.stringify(body),
        })

      // The diner: signed in and named through the API (the sign-in story's own), the card
      // registered on the profile screen.
      expect(
        (
          await send('POST', '/auth/client/otp', {
            restaurantId: 'demo',
            phone: PHONE,
            consent: true,
          })
        ).status,
      ).toBe(202)
      const { token } = verifyClientOtp.response.parse(
        await (
          await send('POST', '/auth/client/verify', {
            phone: PHONE,
            code: await smsCode(server.url, PHONE),
          })
        ).json(),
      )
      expect((await send('PATCH', '/me', { name: 'Ирина Петрова' }, token)).status).toBe(200)
      const diner = await browser.phone()
      await diner.context.addCookies([{ name: 'profile_token', value: token, url: site }])
      await diner.page.goto(`${site}/rest/demo/client`, { waitUntil: 'networkidle' })
      const section = diner.page.getByRole('region', { name: 'Бонусная карта' })
      await section.getByRole('checkbox', { name: 'Принимаю правила программы' }).check()
      await section.getByRole('button', { name: 'Оформить карту' }).click()
      const shown = diner.page.getByTestId('bonus-card-number')
      await shown.waitFor()
      const grouped = plain(await shown.textContent())
      expect(grouped).toMatch(/^\d{4} \d{4} \d{4}$/)

      // The waiter: the card tab of the waiter's bar, behind the sign-in window.
      const { page, problems } = await browser.phone()
      await page.goto(`${site}/rest/demo/garcon/bonus-card`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      expect(await pageHeading(page)).toBe('Вход для официанта')
      await page.getByRole('textbox', { name: 'Логин' }).fill('anna')
      for (const digit of '1111') {
        await page.getByRole('button', { name: digit, exact: true }).click()
      }
      await page.getByRole('button', { name: 'Войти' }).click()
      await expect.poll(() => pageHeading(page)).toBe('Бонусная карта')
      const tab = page.getByRole('navigation', { name: 'Официант' }).getByRole('link', {
        name: 'Карта',
      })
      expect(await tab.getAttribute('aria-current')).toBe('page')

      const field = page.getByRole('textbox', { name: 'Номер карты' })
      expect(await field.getAttribute('inputmode')).toBe('numeric')
      const find = page.getByRole('button', { name: 'Найти' })

      // Too few digits: said at once, nothing asked of the server.
      await field.pressSequentially('1234 5678')
      await find.click()
      await expect.poll(() => alertText(page)).toBe('В номере карты 12 цифр.')
      expect(await field.getAttribute('aria-invalid')).toBe('true')

      // A number no card of this restaurant has, pasted with dashes: grouped, then not found.
      await field.fill('9999-9999-9999')
      expect(await field.inputValue()).toBe('9999 9999 9999')
      await find.click()
      await expect
        .poll(() => alertText(page))
        .toBe('Карты ресторана с таким номером нет. Сверьте цифры с гостем.')
      await keepScreenshot(page, 'garcon-bonus-card-not-found')
      await expectNoSeriousViolations(page, SCREEN)

      // The diner's number, typed with dashes between the groups: the old problem goes.
      await field.fill('')
      await expect.poll(() => alertText(page)).toBe('')
      await field.pressSequentially(grouped.replaceAll(' ', '-'))
      expect(await field.inputValue()).toBe(grouped)
      await find.click()
      const found = page.getByRole('region', { name: 'Ирина' })
      await found.waitFor()
      expect(await alertText(page)).toBe('')
      const card = plain(await found.textContent())
      expect(card).toContain('+7 ••• •••-43-21')
      expect(card).not.toContain('Петрова')
      expect(card).toContain(grouped)
      expect(plain(await page.getByTestId('bonus-found-balance').textContent())).toBe('200 баллов')
      expect(card).toContain('Ожидают0 баллов')
      expect(card).toMatch(/Сгорят первыми200 баллов \d+ [а-я]+ \d{4} г\./)

      await keepScreenshot(page, 'garcon-bonus-card')
      await expectNoSeriousViolations(page, SCREEN)
      // A tablet on the pass: the same screen, wider.
      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'garcon-bonus-card-1024')
      await expectNoSeriousViolations(page, SCREEN)
      // The developer console's fonts are refused by the CSP; nothing else may fail. The
      // number nobody has was a 404 the screen explained.
      expect(problems.filter((problem) => !/font-src|404 \(Not Found\)/.test(problem))).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
