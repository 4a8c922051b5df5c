import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SANDBOX_ACQUIRER_PREFIX, SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, screenshotPath, useBrowser } from './fixtures'
import { borscht, openTable, placeTableOrder, plain } from './table-service'

/**
 * The waiter's own screens: choosing tables and the shift, tips, the profile. The file's
 * restaurant starts as the demo does: Анна serves T1–T6 and Игорь T7–T12; the stories go on
 * from where the one before left it.
 */
const SCREEN = { include: '#main' }

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const headingText = async (page: Page) => plain(await heading(page).textContent())
const tile = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^(Стол|Table) ${label},`) })

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  token: string,
  body?: unknown,
) => apiRequest(method, path, { headers: { 'x-garcon-token': token }, body })

async function apiToken(login: string, pin: string, userAgent = 'e2e'): Promise<string> {
  const { status, data } = await apiRequest('POST', '/auth/garcon/login', {
    headers: { 'user-agent': userAgent },
    body: { restaurantId: restaurantId(), login, pin },
  })
  expect(status).toBe(200)
  return (data as { token: string }).token
}

async function me(token: string) {
  const { status, data } = await call('GET', '/garcon/me', token)
  expect(status).toBe(200)
  return data as { onShift: boolean; tableCodes: string[] }
}

async function tapPin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click()
}

async function signIn(page: Page, login: string, pin: string) {
  await page.getByRole('textbox', { name: /Логин|Login/ }).fill(login)
  await tapPin(page, pin)
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click()
}

async function cookieToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'garcon_token')
  if (!cookie) throw new Error('no garcon_token cookie')
  return cookie.value
}

/** A diner pays table T2's bill online with a tip for its waiter, as the bill's panel does. */
async function tipAtTable(tip: number) {
  const session = await openTable('T2')
  await placeTableOrder(session, [borscht])
  // The tip comes with everything still due at the table.
  const bill = (await apiRequest('GET', `/table-sessions/${session.id}/bill`)).data as {
    totals: { due: number }
  }
  const started = await apiRequest('POST', `/table-sessions/${session.id}/payments`, {
    body: { method: 'card', choice: { mode: 'remaining' }, tip, expectedAmount: bill.totals.due },
  })
  expect(started.status).toBe(201)
  const { redirectUrl } = started.data as { redirectUrl: string | null }
  const ref = redirectUrl?.split('/').at(-1) ?? ''
  const paid = await fetch(`${baseUrl()}${SANDBOX_ACQUIRER_PREFIX}/payments/${ref}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' }),
  })
  expect(paid.status).toBeLessThan(300)
}

describe("The waiter's tables, tips and profile", () => {
  const browser = useBrowser()

  it('Waiter signs in, picks tables T1–T3 and goes on shift', async () => {
    const { page, context, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/garcon/select-tables`, {
      waitUntil: 'networkidle',
    })
    await signIn(page, 'anna', '1111')
    await expect.poll(() => headingText(page)).toBe('Выбор столов')
    const token = await cookieToken(context)

    // Her six tables are hers, Игорь's are named as his.
    for (const label of ['1', '2', '3', '4', '5', '6']) {
      expect(await tile(page, label).getAttribute('aria-pressed')).toBe('true')
    }
    expect(plain(await tile(page, '7').textContent())).toContain('Игорь')
    expect(await tile(page, '7').getAttribute('aria-pressed')).toBe('false')
    expect(await page.getByRole('heading', { level: 2, name: 'Зал' }).count()).toBe(1)
    await keepScreenshot(page, 'garcon-select-tables')
    await expectNoSeriousViolations(page, SCREEN)

    // Tonight she serves T1–T3: three taps let the others go, saved behind the taps.
    for (const label of ['4', '5', '6']) await tile(page, label).click()
    for (const label of ['4', '5', '6']) {
      expect(await tile(page, label).getAttribute('aria-pressed')).toBe('false')
    }
    await expect.poll(async () => (await me(token)).tableCodes).toEqual(['T1', 'T2', 'T3'])
    expect(plain(await page.locator('.table-picker__summary').textContent())).toBe(
      'Мои столы: 1, 2, 3',
    )

    const shift = page.getByRole('switch', { name: 'На смене' })
    expect(await shift.getAttribute('aria-checked')).toBe('false')
    await shift.click()
    await expect.poll(async () => (await me(token)).onShift).toBe(true)
    expect(await shift.getAttribute('aria-checked')).toBe('true')
    await keepScreenshot(page, 'garcon-select-tables-on-shift')

    // A reload (or another phone) shows the same: it is stored, not remembered by the page.
    await page.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => headingText(page)).toBe('Выбор столов')
    expect(await page.getByRole('switch', { name: 'На смене' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    expect(await tile(page, '4').getAttribute('aria-pressed')).toBe('false')
    expect(await tile(page, '3').getAttribute('aria-pressed')).toBe('true')
    // A tablet on the pass shows the same, more tables to a row.
    await page.setViewportSize({ width: 1024, height: 768 })
    await keepScreenshot(page, 'garcon-select-tables-tablet')
    expect(problems).toEqual([])
  })

  it("Waiter is asked before taking another waiter's table, and takes it over", async () => {
    const { page, context, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/garcon/select-tables`, {
      waitUntil: 'networkidle',
    })
    await signIn(page, 'anna', '1111')
    await expect.poll(() => headingText(page)).toBe('Выбор столов')
    const token = await cookieToken(context)
    const igor = await apiToken('igor', '2222')

    // Behind her screen's back Игорь takes free table 4: her tap is refused (409), the table
    // goes back, and she is asked whether to take it from him.
    expect(await tile(page, '4').getAttribute('aria-pressed')).toBe('false')
    expect(
      (
        await call('PUT', '/garcon/me/tables', igor, {
          tableCodes: [...(await me(igor)).tableCodes, 'T4'],
        })
      ).status,
    ).toBe(200)
    await tile(page, '4').click()
    const asked = page.getByRole('dialog', { name: 'Забрать стол 4?' })
    await asked.waitFor()
    expect(plain(await asked.textContent())).toContain('Его обслуживает Игорь')
    await asked.getByRole('button', { name: 'Отмена' }).click()
    expect(await tile(page, '4').getAttribute('aria-pressed')).toBe('false')
    expect(plain(await tile(page, '4').textContent())).toContain('Игорь')
    expect((await me(token)).tableCodes).toEqual(['T1', 'T2', 'T3'])

    await tile(page, '8').click()
    const sheet = page.getByRole('dialog', { name: 'Забрать стол 8?' })
    await sheet.waitFor()
    expect(plain(await sheet.textContent())).toContain('Его обслуживает Игорь')
    await keepScreenshot(page, 'garcon-take-over')
    await expectNoSeriousViolations(page, { include: 'dialog' })

    // "Cancel" leaves it Игорь's.
    await sheet.getByRole('button', { name: 'Отмена' }).click()
    expect(await sheet.isVisible()).toBe(false)
    expect((await me(igor)).tableCodes).toContain('T8')

    await tile(page, '8').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Забрать стол' }).click()
    await expect.poll(async () => (await me(token)).tableCodes).toContain('T8')
    expect((await me(igor)).tableCodes).not.toContain('T8')
    expect(await tile(page, '8').getAttribute('aria-pressed')).toBe('true')

    // Игорь takes it back on his phone: her screen hears it and says so.
    expect(
      (
        await call('PUT', '/garcon/me/tables', igor, {
          tableCodes: ['T8', ...(await me(igor)).tableCodes],
          takeOver: true,
        })
      ).status,
    ).toBe(200)
    await expect
      .poll(() => tile(page, '8').getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('false')
    await expect
      .poll(async () => plain(await page.locator('.table-picker__problem').textContent()))
      .toBe('Стол 8 теперь обслуживает Игорь.')
    // The refused save is logged by the browser as the failed request it is.
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([])
  })

  it('Waiter sees today’s tips with their table, time and method, and this month’s total', async () => {
    await tipAtTable(15_000)
    const { page, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/garcon/tips`, { waitUntil: 'networkidle' })
    await signIn(page, 'anna', '1111')
    await expect.poll(() => headingText(page)).toBe('Чаевые')
    // The webhook settles the payment a moment later; the list follows.
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: 'networkidle' })
          return page.locator('.tip').count()
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0)
    const first = plain(await page.locator('.tip').first().innerText())
    expect(first).toMatch(/^Стол 2 \d\d:\d\d · Картой 150 ₽$/)
    expect(plain(await page.locator('.tips-total__amount').textContent())).toMatch(/₽$/)
    await keepScreenshot(page, 'garcon-tips')
    await expectNoSeriousViolations(page, SCREEN)

    // The diner's bill panel cannot leave a rating or a comment yet (decision 0046): the
    // server's own answer, with one added, shows how a review reads.
    await page.route('**/api/v1/garcon/tips*', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { tips: Record<string, unknown>[] }
      body.tips = body.tips.map((tip, index) =>
        index === 0 ? { ...tip, rating: 5, comment: 'Анна, спасибо! Всё было очень вкусно.' } : tip,
      )
      await route.fulfill({ response, json: body })
    })
    await page.reload({ waitUntil: 'networkidle' })
    await page.locator('.tip').first().getByText('Оценка 5 из 5').waitFor({ state: 'attached' })
    expect(plain(await page.locator('.tip__comment').first().textContent())).toBe(
      'Анна, спасибо! Всё было очень вкусно.',
    )
    await keepScreenshot(page, 'garcon-tips-review')
    await expectNoSeriousViolations(page, SCREEN)
    await page.unroute('**/api/v1/garcon/tips*')

    await page.getByRole('button', { name: 'Месяц' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('month')
    await expect
      .poll(() => page.getByRole('button', { name: 'Месяц' }).getAttribute('aria-pressed'))
      .toBe('true')
    await page.waitForSelector('.tips-total__label:has-text("за месяц")')
    expect(problems).toEqual([])
  })

  it('A waiter with no tips sees a finished empty screen', async () => {
    const { page, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/garcon/tips`, { waitUntil: 'networkidle' })
    // Игорь's tables had no online payments in this run.
    await signIn(page, 'igor', '2222')
    await expect.poll(() => headingText(page)).toBe('Чаевые')
    await page.getByRole('heading', { name: 'Чаевых пока нет' }).waitFor()
    expect(plain(await page.locator('.tips-total__amount').textContent())).toBe('0 ₽')
    await keepScreenshot(page, 'garcon-tips-empty')
    await expectNoSeriousViolations(page, SCREEN)
    expect(problems).toEqual([])
  })

  it('Waiter changes the language, the PIN and ends a session on another device', async () => {
    const other = await apiToken(
      'anna',
      '1111',
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
    )
    const { page, context, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/garcon/profile`, {
      waitUntil: 'networkidle',
    })
    await signIn(page, 'anna', '1111')
    await expect.poll(() => headingText(page)).toBe('Профиль')
    const token = await cookieToken(context)

    const devices = page.locator('.device')
    await expect.poll(() => devices.count()).toBeGreaterThan(1)
    expect(plain(await devices.first().textContent())).toContain('Это устройство')
    const ipad = devices.filter({ hasText: 'Safari, iPad' })
    expect(await ipad.count()).toBeGreaterThan(0)
    await keepScreenshot(page, 'garcon-profile-full')
    await page.screenshot({ path: screenshotPath('garcon-profile-long'), fullPage: true })
    await expectNoSeriousViolations(page, SCREEN)

    // The other device's session ends from here.
    const before = await ipad.count()
    await ipad.first().getByRole('button', { name: 'Завершить сеанс' }).click()
    await expect.poll(() => ipad.count()).toBe(before - 1)
    expect((await call('GET', '/garcon/me', other)).status).toBe(401)

    // A wrong current PIN is refused, then the right one changes it.
    await page.getByRole('button', { name: 'Сменить PIN-код' }).click()
    await page.getByLabel('Текущий PIN-код').fill('9999')
    await page.getByLabel('Новый PIN-код', { exact: true }).fill('2468')
    await page.getByLabel('Новый PIN-код ещё раз').fill('2468')
    await page.getByRole('button', { name: 'Сохранить новый PIN-код' }).click()
    await expect
      .poll(async () => plain(await page.locator('.pin-change [role=alert]').textContent()))
      .toBe('Это не ваш текущий PIN-код.')
    await keepScreenshot(page, 'garcon-profile-pin')
    await expectNoSeriousViolations(page, SCREEN)
    await page.getByLabel('Текущий PIN-код').fill('1111')
    await page.getByRole('button', { name: 'Сохранить новый PIN-код' }).click()
    await page.getByRole('status').filter({ hasText: 'PIN-код изменён' }).waitFor()
    // This device stays signed in; the PIN goes back through the API, which takes the new one.
    expect(
      (await call('PUT', '/garcon/me/pin', token, { currentPin: '2468', newPin: '1111' })).status,
    ).toBe(200)

    // English, here at once and on the next device she signs in on.
    await page.getByRole('radio', { name: 'English' }).check()
    await expect.poll(() => headingText(page)).toBe('Profile')
    await expect
      .poll(
        async () =>
          ((await call('GET', '/garcon/me/profile', token)).data as { language: string }).language,
      )
      .toBe('en')
    const second = await browser.phone()
    await second.page.goto(`${baseUrl()}/rest/${restaurantId()}/garcon/profile`, {
      waitUntil: 'networkidle',
    })
    await signIn(second.page, 'anna', '1111')
    await expect.poll(() => headingText(second.page)).toBe('Profile')
    await keepScreenshot(second.page, 'garcon-profile-en')
    expect([...problems, ...second.problems].filter((p) => !p.includes('403'))).toEqual([])
  })
})
