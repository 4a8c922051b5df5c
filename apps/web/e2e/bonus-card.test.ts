import { describe, expect, it } from 'vitest'
import { getBonusCard } from '@tableside/contracts/bonus'
import { verifyClientOtp } from '@tableside/contracts/client'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole } from './client-service'
import { horizontalOverflow, keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'
import { apiRequest } from './api-request'

const SCREEN = { include: '#main' }
const PHONE = '+79167654321'

describe('The bonus card in the profile', () => {
  const browser = useBrowser()

  it('Diner registers a bonus card and sees the welcome points and the QR code', async () => {
    // Development: the SMS sandbox sends, and /dev/sms shows what it sent (as in client-sign-in).
    const server = await startServer({ env: { APP_ENV: 'development' } })
    try {
      const api = `${server.url}/api/v1`
      const post = (path: string, body: unknown) =>
        apiRequest('POST', path, { body, server: server.url })
      // Signing in by code is the sign-in story's; here it is done by the API.
      expect(
        (await post('/auth/client/otp', { restaurantId: 'demo', phone: PHONE, consent: true }))
          .status,
      ).toBe(202)
      const sms = (await (
        await fetch(`${server.url}/dev/sms?phone=${encodeURIComponent(PHONE)}`)
      ).json()) as { messages: { text: string }[] }
      const code = /^\d{6}/.exec(sms.messages[0]?.text ?? '')?.[0] ?? ''
      const { token } = verifyClientOtp.response.parse(
        (await post('/auth/client/verify', { phone: PHONE, code })).data,
      )

      const { page, context, problems } = await browser.phone()
      await context.addCookies([{ name: 'profile_token', value: token, url: server.url }])
      await page.goto(`${server.url}/rest/demo/client`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      const section = page.getByRole('region', { name: 'Бонусная карта' })
      await section.waitFor()
      const terms = plain(await section.textContent())
      for (const rule of [
        '5 % баллами',
        'оплатить до 30 % заказа',
        'баллы живут 180 дней',
        '200 баллов за регистрацию',
        '500 баллов в день рождения',
      ]) {
        expect(terms).toContain(rule)
      }
      const register = section.getByRole('button', { name: 'Оформить карту' })
      // No card without accepting the programme's rules.
      expect(await register.isDisabled()).toBe(true)
      expect(await horizontalOverflow(page)).toEqual([])
      await keepScreenshot(page, 'bonus-card-none')
      await expectNoSeriousViolations(page, SCREEN)

      await section.getByRole('checkbox', { name: 'Принимаю правила программы' }).check()
      await register.click()
      const number = page.getByTestId('bonus-card-number')
      await number.waitFor()
      expect(plain(await number.textContent())).toMatch(/^\d{4} \d{4} \d{4}$/)
      expect(plain(await page.getByTestId('bonus-balance').textContent())).toBe('200')
      const qr = section.getByRole('img', { name: /QR-код номера карты/ })
      await qr.waitFor()
      expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d/)
      const shown = plain(await section.textContent())
      expect(shown).toContain('За регистрацию')
      expect(shown).toContain('+200')
      expect(shown).toMatch(/200 баллов сгорят \d+ [а-я]+/)

      // The server has the card the screen shows.
      const { card } = getBonusCard.response.parse(
        await (
          await fetch(`${api}/me/bonus-card?restaurantId=demo`, {
            headers: { 'x-profile-token': token },
          })
        ).json(),
      )
      expect(plain(await number.textContent())).toBe(card?.number.replace(/(\d{4})(?=\d)/g, '$1 '))
      expect(await horizontalOverflow(page)).toEqual([])
      await keepScreenshot(page, 'bonus-card')
      await expectNoSeriousViolations(page, SCREEN)
      // The developer console's fonts are refused by the CSP; nothing else may fail.
      expect(problems.filter((problem) => !/font-src/.test(problem))).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
