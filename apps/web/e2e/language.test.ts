import { describe, expect, it } from 'vitest'
import { baseUrl, restaurantId, useBrowser } from './fixtures'
import { openScreen, reloadScreen } from './open-screen'

describe('A diner reads the app in Russian or English', () => {
  const browser = useBrowser()

  it("starts in the restaurant's language and keeps the diner's choice across reloads", async () => {
    const { page } = await browser.phone({ locale: 'en-US' })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    expect(await page.locator('html').getAttribute('lang')).toBe('ru')
    expect(await page.locator('h1').textContent()).toBe('Меню')

    await page.getByRole('button', { name: 'English' }).click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Menu')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')

    await reloadScreen(page)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Menu')
  })

  it("on the landing page, follows the browser's language", async () => {
    const { page } = await browser.phone({ locale: 'en-GB' })
    await openScreen(page, `${baseUrl()}/`)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
  })
})
