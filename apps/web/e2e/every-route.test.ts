import { describe, expect, it } from 'vitest'
import { baseUrl, keepScreenshot, tableToken, useBrowser } from './fixtures'

const restaurantRoutes = [
  `init?table=${tableToken('T1')}`,
  'menu',
  'dishes/1',
  'cart',
  'order',
  'order/42',
  'order/42/pay',
  'order/42/success',
  'order/42/fail',
  'orders',
  'bill',
  'call',
  'favorites',
  'history',
  'client',
  'client/auth',
  'garcon',
  'garcon/profile',
  'garcon/select-tables',
  'garcon/tips',
]

describe('A diner or a waiter opens any screen on a phone', () => {
  const browser = useBrowser()

  it.each(['/', ...restaurantRoutes.map((route) => `/rest/demo/${route}`)])(
    '%s renders its screen without an error',
    async (path) => {
      const { page, problems } = await browser.phone()
      const response = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' })
      expect(response?.status()).toBe(200)
      await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0)
      expect(await page.locator('.error-page').count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      )
      expect(problems).toEqual([])
      await keepScreenshot(
        page,
        path.replace(/table=.*/, 'table').replace(/[^a-z0-9]+/gi, '_') || 'index',
      )
    },
  )

  it('the guard on /pay sends an order that cannot be paid online back to the order', async () => {
    const { page } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/demo/order/42/pay`, { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/rest/demo/order/42')
  })

  it('the dish page uses the dish layout, every other screen the default one', async () => {
    const { page } = await browser.phone()
    await page.goto(`${baseUrl()}/rest/demo/dishes/1`, { waitUntil: 'networkidle' })
    expect(await page.locator('[data-layout="dish"]').count()).toBe(1)
    expect(await page.locator('[data-layout="default"]').count()).toBe(0)
    await page.goto(`${baseUrl()}/rest/demo/cart`, { waitUntil: 'networkidle' })
    expect(await page.locator('[data-layout="default"]').count()).toBe(1)
  })
})
