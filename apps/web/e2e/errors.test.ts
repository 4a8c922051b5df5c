import { describe, expect, it } from 'vitest'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

describe('A person who lands somewhere wrong sees the error catalogue', () => {
  const browser = useBrowser()

  it.each(['/no/such/page', `/rest/${restaurantId()}/no-such-screen`, '/rest/nowhere/menu'])(
    '%s shows "Page Not Found" with "Page not found: {path}"',
    async (path) => {
      const { page } = await browser.phone()
      const response = await openScreen(page, `${baseUrl()}${path}`)
      // A path that is no screen of the app is 404 to the browser too; an unknown restaurant
      // is known only once the app asks the API.
      if (path !== '/rest/nowhere/menu') expect(response?.status()).toBe(404)
      await expect.poll(() => page.locator('h1').textContent()).toBe('Page Not Found')
      expect(await page.locator('.error-page').textContent()).toContain(`Page not found: ${path}`)
      // The contract's English title sits in a Russian frame: a Russian subtitle says the same.
      expect(await page.locator('html').getAttribute('lang')).toBe('ru')
      expect(await page.locator('h1').getAttribute('lang')).toBe('en')
      expect(await page.locator('.error-page__subtitle').textContent()).toBe('Страница не найдена')
      await keepScreenshot(page, `not-found${path.replace(/[^a-z0-9]+/gi, '_')}`)
    },
  )

  it('in English the title is not said twice', async () => {
    const { page } = await browser.phone({ locale: 'en-GB' })
    await openScreen(page, `${baseUrl()}/no/such/page`)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page Not Found')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await page.locator('.error-page__subtitle').count()).toBe(0)
    await keepScreenshot(page, 'not-found-en')
  })

  it('a server failure shows "Internal Server Error" with the status, and is reported once', async () => {
    const { page } = await browser.phone()
    let gets = 0
    await page.route(`**/api/v1/restaurants/${restaurantId()}`, (route) => {
      gets++
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
    })
    const reports: string[] = []
    await page.route('**/api/v1/client-errors', (route) => {
      reports.push(route.request().postData() ?? '')
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
    })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Internal Server Error')
    expect(await page.locator('.error-page').textContent()).toContain('500')
    // The GET was retried once; the report (a POST) answered 503 was not retried.
    expect(gets).toBe(2)
    await page.waitForTimeout(1500)
    expect(reports).toHaveLength(1)
    expect(JSON.parse(reports[0] ?? '{}')).toMatchObject({
      kind: 'navigation',
      status: 500,
      path: `/rest/${restaurantId()}/menu`,
    })
    await keepScreenshot(page, 'internal-server-error')
  })

  it('the app instance receives its id at start-up and names it in error reports', async () => {
    const { page } = await browser.phone()
    type Recorder = Window & { madeIds: string[] }
    await page.addInitScript(() => {
      const made: string[] = []
      ;(window as unknown as Recorder).madeIds = made
      const original = crypto.randomUUID.bind(crypto)
      crypto.randomUUID = () => {
        const id = original()
        made.push(id)
        return id
      }
    })
    const reports: string[] = []
    await page.route('**/api/v1/client-errors', (route) => {
      reports.push(route.request().postData() ?? '')
      return route.fulfill({ status: 204 })
    })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    const made = () => page.evaluate(() => (window as unknown as Recorder).madeIds)
    // Nothing has gone wrong, and the id exists already (spec §9).
    expect(await made()).toHaveLength(1)
    expect(reports).toEqual([])

    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom')
      }),
    )
    await expect.poll(() => reports.length).toBe(1)
    const [startupId] = await made()
    expect(JSON.parse(reports[0] ?? '{}')).toMatchObject({
      kind: 'unhandled',
      instanceId: startupId,
    })
  })

  it('an error with its own message shows that message as the title', async () => {
    const { page } = await browser.phone()
    await page.route(`**/api/v1/restaurants/${restaurantId()}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'service_unavailable', message: 'The kitchen is closed for maintenance.' },
        }),
      }),
    )
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await expect
      .poll(() => page.locator('h1').textContent())
      .toBe('The kitchen is closed for maintenance.')
    expect(await page.locator('.error-page').textContent()).toContain('503')
  })

  it('an error during start-up is logged and shows the same error page', async () => {
    const { page, problems } = await browser.phone()
    await page.route(`${baseUrl()}/rest/${restaurantId()}/menu`, async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace(/"apiBase":"[^"]*"/, '"apiBase":42')
      return route.fulfill({ response, body: html })
    })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await expect.poll(() => page.locator('.error-page').count()).toBe(1)
    expect(await page.locator('h1').textContent()).toMatch(/runtime config/i)
    expect(problems.join('\n')).toMatch(/runtime config/i)
  })

  it('a script chunk that fails to load reloads the page once, then shows the error', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    let chunkRequests = 0
    // The cart route's own chunk (`cart-{hash}.js`), not cart-store, cart-view and the like.
    await page.route(/\/assets\/cart-[\w-]{8}\.js$/, (route) => {
      chunkRequests++
      return route.abort('failed')
    })
    let loads = 0
    page.on('load', () => loads++)
    await page
      .getByRole('link', { name: /Корзина|Cart/ })
      .first()
      .click()
    await expect.poll(() => page.locator('.error-page').count(), { timeout: 15_000 }).toBe(1)
    expect(loads).toBe(1)
    // Asked for before the reload and again after it (the page names it as a preload too).
    expect(chunkRequests).toBeGreaterThanOrEqual(2)
    expect(new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/cart`)
  })

  it('a part of the menu that fails to load while nobody navigates reloads the page once', async () => {
    const { page } = await browser.phone()
    let searchRequests = 0
    // The search panel loads when the browser is idle, outside any navigation: Vite's error
    // event (lib/chunk-reload) reloads the page, and the second try loads it.
    await page.route(/\/assets\/search-panel-[\w-]{8}\.js$/, (route) =>
      ++searchRequests === 1 ? route.abort('failed') : route.continue(),
    )
    let loads = 0
    page.on('load', () => loads++)
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`)
    await expect.poll(() => searchRequests, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    expect(loads).toBe(2)
    expect(await page.locator('.error-page').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
  })
})
