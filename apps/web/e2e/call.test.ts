import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { answerCall, openTable, plain, seatAtTable, tableCalls, waiterToken } from './table-service'
import { openScreen, reloadScreen } from './open-screen'

const SCREEN = { include: '#main' }

describe('A diner calls the waiter from the table', () => {
  const browser = useBrowser()

  it('Diner calls the waiter and sees it sent, then Анна coming, then done', async () => {
    const session = await openTable('T11')
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session)
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/call`)
    await keepScreenshot(page, 'call-reasons')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('button', { name: 'Позвать официанта' }).click()
    const news = page.locator('.call__news')
    await expect.poll(async () => plain(await news.textContent())).toContain('Вызов отправлен')
    // While the call is open the button cannot send another one.
    const again = page.getByRole('button', { name: 'Официант уже вызван' })
    expect(await again.isDisabled()).toBe(true)
    await reloadScreen(page)
    await expect.poll(() => again.isDisabled()).toBe(true)
    const calls = await tableCalls(session)
    expect(calls.map((call) => [call.reason, call.status])).toEqual([['waiter', 'open']])
    await keepScreenshot(page, 'call-sent')
    await expectNoSeriousViolations(page, SCREEN)

    const [call] = calls
    if (!call) throw new Error('no call')
    const token = await waiterToken()
    await answerCall(token, call.id, 'acknowledge')
    await expect
      .poll(async () => plain(await news.textContent()), { timeout: 10_000 })
      .toContain('Анна уже идёт к вашему столу')
    expect(plain(await page.locator('.call-progress').textContent())).toContain('Анна идёт к вам')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keepScreenshot(page, 'call-acknowledged')

    await answerCall(token, call.id, 'done')
    await expect.poll(async () => plain(await news.textContent())).toContain('Готово')
    await expect
      .poll(() => page.getByRole('button', { name: 'Позвать официанта' }).isEnabled())
      .toBe(true)
    await keepScreenshot(page, 'call-done')
    expect(problems).toEqual([])
  })

  it('Asking for something else needs a word on what', async () => {
    const session = await openTable('T12')
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session)
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/call?reason=bill`)
    await expect
      .poll(() => page.getByRole('radio', { name: /Принести счёт/ }).isChecked())
      .toBe(true)

    await page.getByRole('radio', { name: /Другое/ }).check()
    await page.getByRole('button', { name: 'Отправить официанту' }).click()
    const alert = page.getByRole('alert')
    expect(plain(await alert.textContent())).toContain('Напишите, что нужно')
    await page.getByRole('textbox', { name: 'Что именно?' }).fill('Ещё две вилки')
    await page.getByRole('button', { name: 'Отправить официанту' }).click()
    await expect
      .poll(async () => plain(await page.locator('.call-progress').first().textContent()))
      .toContain('Ещё две вилки')
    const calls = await tableCalls(session)
    expect(calls.map((call) => [call.reason, call.comment])).toEqual([['other', 'Ещё две вилки']])
    await keepScreenshot(page, 'call-other')
    await expectNoSeriousViolations(page, SCREEN)

    await page.getByRole('button', { name: 'English' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Call the waiter', level: 1 }).count())
      .toBe(1)
    await keepScreenshot(page, 'call-other-en')
    expect(problems).toEqual([])
  })

  it('Without a table the call screen explains how to get one', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/call`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'Отсканируйте QR-код на столе' }).count())
      .toBe(1)
    await keepScreenshot(page, 'call-no-table')
    await expectNoSeriousViolations(page, SCREEN)
    expect(problems).toEqual([])
  })
})
