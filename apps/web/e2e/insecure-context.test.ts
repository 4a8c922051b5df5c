import { describe, expect, it } from 'vitest'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

/**
 * A diner's phone reaches the restaurant over its Wi-Fi, by plain http at a name or address that
 * is not localhost: an insecure context, where `crypto.randomUUID`, the clipboard API and the
 * share sheet do not exist (issue 14). The shared test server is reached here as such a phone
 * reaches it.
 */
const HOST = 'tableside.test'
const site = () => baseUrl().replace('127.0.0.1', HOST)

describe('On plain http at a name, as on the restaurant’s Wi-Fi', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Sharing a dish copies its link without the clipboard API, and says so truthfully', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${site()}/rest/${restaurantId()}/dishes/borscht`)
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false)
    expect(await page.evaluate(() => 'clipboard' in navigator || 'share' in navigator)).toBe(false)

    await page.getByRole('button', { name: 'Поделиться' }).click()
    const status = page.locator('.share-button__status')
    await expect.poll(() => status.textContent()).toBe('Ссылка скопирована')
    await keepScreenshot(page, 'dish-share-copied-over-http')
    // What was copied is the dish's link: pasted into a field, as the diner would paste it.
    const pasted = await page.evaluate(() => {
      const field = document.createElement('input')
      document.body.append(field)
      field.focus()
      return field.id
    })
    expect(pasted).toBe('')
    await page.keyboard.press('Control+V')
    expect(await page.locator('body > input').last().inputValue()).toBe(
      `${site()}/rest/${restaurantId()}/dishes/borscht`,
    )
    expect(problems).toEqual([])
  })
})
