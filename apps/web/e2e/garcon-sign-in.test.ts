import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { plain } from './table-service'
import { openScreen, reloadScreen } from './open-screen'

/**
 * The waiter authentication window (spec §2) in front of every waiter screen. Waiters use
 * their phones on the restaurant's Wi-Fi, so the main story runs at a name other than
 * localhost, over plain http.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const onWifi = () => baseUrl().replace('127.0.0.1', HOST)

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const headingText = async (page: Page) => plain(await heading(page).textContent())
const alertText = async (page: Page) =>
  plain(
    (await page.getByRole('alert').allTextContents())
      .filter((text) => text.trim() !== '')
      .join(' '),
  )
const typedDots = (page: Page) => page.locator('.pin-dot[data-on]').count()

/** Types the PIN on the on-screen keypad, as a thumb does. */
async function tapPin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click()
}

async function garconCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'garcon_token')
}

/** What a waiter's token says about them now: 200 while it works, 401 once it is revoked. */
async function meStatus(token: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/v1/garcon/me`, {
    headers: { 'x-garcon-token': token },
  })
  return response.status
}

/** Signs the token out as another device would see it end: on the server, not in this browser. */
async function revoke(token: string) {
  const response = await fetch(`${baseUrl()}/api/v1/auth/garcon/logout`, {
    method: 'POST',
    headers: { 'x-garcon-token': token },
  })
  expect(response.status).toBe(200)
}

describe('A waiter signs in to the waiter area', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Waiter signs in with login and PIN keypad, sees their name, reloads and is still signed in (cookie sent as X-Garcon-Token), signs out', async () => {
    const { page, context, problems } = await browser.phone()
    await openScreen(page, `${onWifi()}/rest/${restaurantId()}/garcon/profile`)
    expect(await headingText(page)).toBe('Вход для официанта')
    expect(await garconCookie(context)).toBeUndefined()
    await keepScreenshot(page, 'garcon-sign-in')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('textbox', { name: 'Логин' }).fill('anna')
    await tapPin(page, '1112')
    expect(await typedDots(page)).toBe(4)
    await page.getByRole('button', { name: 'Стереть последнюю цифру' }).click()
    expect(await typedDots(page)).toBe(3)
    await tapPin(page, '1')
    await page.getByRole('button', { name: 'Войти' }).click()

    await expect.poll(() => headingText(page)).toBe('Профиль')
    expect(plain(await page.locator('#main').textContent())).toContain('Анна')
    const cookie = await garconCookie(context)
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', domain: HOST })
    if (!cookie) throw new Error('no garcon_token cookie')
    const hoursLeft = (cookie.expires * 1000 - Date.now()) / 3_600_000
    expect(hoursLeft).toBeGreaterThan(11.9)
    expect(hoursLeft).toBeLessThanOrEqual(12)

    const meRequest = page.waitForRequest((request) => request.url().endsWith('/garcon/me'))
    await reloadScreen(page)
    expect(await (await meRequest).headerValue('x-garcon-token')).toBe(cookie.value)
    expect(await headingText(page)).toBe('Профиль')
    expect(plain(await page.locator('.waiter-card').textContent())).toContain('Анна')
    await keepScreenshot(page, 'garcon-profile')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('button', { name: 'Выйти', exact: true }).click()
    await expect.poll(() => headingText(page)).toBe('Вход для официанта')
    expect(await garconCookie(context)).toBeUndefined()
    expect(await meStatus(cookie.value)).toBe(401)
    // Signing out on purpose is not a session that ended on its own.
    expect(await alertText(page)).toBe('')
    expect(problems).toEqual([])
  })

  it('A wrong PIN says so and the waiter can retry', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/garcon`)
    await page.getByRole('button', { name: 'English' }).click()
    expect(await headingText(page)).toBe('Waiter sign-in')

    // On a tablet with a keyboard: the login, Enter, the PIN, Enter.
    await page.getByRole('textbox', { name: 'Login' }).click()
    await page.keyboard.type('igor')
    await page.keyboard.press('Enter')
    await page.keyboard.type('9999')
    expect(await typedDots(page)).toBe(4)
    await page.keyboard.press('Enter')
    await expect.poll(() => alertText(page)).toBe('Wrong login or PIN. Check them and try again.')
    expect(await typedDots(page)).toBe(0)
    await keepScreenshot(page, 'garcon-sign-in-wrong-pin')
    await expectNoSeriousViolations(page, SCREEN)

    await tapPin(page, '2222')
    expect(await alertText(page)).toBe('')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => headingText(page)).toBe('Hello, Игорь')
    await keepScreenshot(page, 'garcon-home')
    await expectNoSeriousViolations(page, SCREEN)
    await page
      .getByRole('link', { name: /Profile/ })
      .first()
      .click()
    await expect.poll(() => headingText(page)).toBe('Profile')
    // Wrong PINs are logged by the browser as the failed requests they are.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([])
  })

  it('Too many wrong PINs make the waiter wait, counting down the seconds', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/garcon`)
    // A made-up login: the server slows guesses at it as at a real one (decision 0029).
    const login = `e2e-${String(Date.now())}`
    await page.getByRole('textbox', { name: 'Логин' }).fill(login)
    const signIn = page.getByRole('button', { name: 'Войти' })
    for (let attempt = 0; attempt < 5; attempt++) {
      await tapPin(page, '0000')
      await signIn.click()
      await expect.poll(() => alertText(page)).toContain('Неверный логин или PIN-код')
      await expect.poll(() => typedDots(page)).toBe(0)
    }
    await tapPin(page, '0000')
    const refused = Date.now()
    await signIn.click()
    const waitAsked = async () =>
      Number(
        /^Слишком много попыток\. Подождите (\d+) с и попробуйте снова\./.exec(
          await alertText(page),
        )?.[1] ?? 0,
      )
    await expect.poll(waitAsked).toBeGreaterThan(0)
    // The server asks for 32 s (2⁵ after five wrong PINs); the screen counts down from its
    // answer, so it shows 32 less the seconds that passed before the check saw it.
    const asked = await waitAsked()
    const passed = Math.ceil((Date.now() - refused) / 1000)
    expect(asked).toBeLessThanOrEqual(32)
    expect(asked).toBeGreaterThanOrEqual(32 - passed - 1)
    expect(await signIn.isDisabled()).toBe(true)
    const countdown = async () =>
      Number(/\d+/.exec((await page.locator('.sign-in__countdown').textContent()) ?? '')?.[0])
    const shown = await countdown()
    expect(shown).toBeGreaterThan(0)
    await expect.poll(countdown).toBeLessThan(shown)
    await keepScreenshot(page, 'garcon-sign-in-wait')
    await expectNoSeriousViolations(page, SCREEN)
  })

  it('A revoked token shows the session-expiry notice and the sign-in window, and signing in returns to the same screen', async () => {
    const { page, context, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/garcon/tips`)
    const signIn = async () => {
      await page.getByRole('textbox', { name: 'Логин' }).fill('igor')
      await tapPin(page, '2222')
      await page.getByRole('button', { name: 'Войти' }).click()
    }
    await signIn()
    await expect.poll(() => headingText(page)).toBe('Чаевые')
    const first = await garconCookie(context)
    if (!first) throw new Error('no garcon_token cookie')

    // Signed out from another device, the waiter opens the app again.
    await revoke(first.value)
    await reloadScreen(page)
    await expect.poll(() => headingText(page)).toBe('Вход для официанта')
    expect(await alertText(page)).toBe(
      'Сеанс смены завершился. Войдите снова — вы вернётесь на тот же экран.',
    )
    expect(await garconCookie(context)).toBeUndefined()
    await keepScreenshot(page, 'garcon-session-ended')
    await expectNoSeriousViolations(page, SCREEN)
    await signIn()
    await expect.poll(() => headingText(page)).toBe('Чаевые')
    expect(new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/garcon/tips`)
    expect(await alertText(page)).toBe('')

    // Any waiter request the server refuses ends the session on screen, not only the first one.
    await page.getByRole('link', { name: 'Профиль' }).click()
    await expect.poll(() => headingText(page)).toBe('Профиль')
    // The screen's own requests (its device list) are answered first: one still on its way when
    // the token is revoked would end the session before the tap this step is about.
    await page.locator('.device[data-current]').waitFor()
    const second = await garconCookie(context)
    if (!second) throw new Error('no garcon_token cookie')
    await revoke(second.value)
    await page.getByRole('button', { name: 'Выйти на всех устройствах' }).click()
    await expect.poll(() => headingText(page)).toBe('Вход для официанта')
    expect(await alertText(page)).toContain('Сеанс смены завершился')
    await signIn()
    await expect.poll(() => headingText(page)).toBe('Профиль')
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([])
  })
})
