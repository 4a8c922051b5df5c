import { describe, expect, it } from 'vitest'
import { baseUrl, restaurantId, useBrowser } from './fixtures'
import { openTable, seatAtTable } from './table-service'
import { openScreen } from './open-screen'

describe('The app talks to the API as the spec says', () => {
  const browser = useBrowser()

  it('sends the waiter and profile cookies as X-Garcon-Token and X-Profile-Token', async () => {
    const { page, context } = await browser.phone()
    await context.addCookies([
      { name: 'garcon_token', value: 'g-123', url: baseUrl() },
      { name: 'profile_token', value: 'p-456', url: baseUrl() },
    ])
    const request = page.waitForRequest(`**/api/v1/restaurants/${restaurantId()}`)
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`)
    const headers = (await request).headers()
    expect(headers['x-garcon-token']).toBe('g-123')
    expect(headers['x-profile-token']).toBe('p-456')
  })

  it('sends no token headers without the cookies', async () => {
    const { page } = await browser.phone()
    const request = page.waitForRequest(`**/api/v1/restaurants/${restaurantId()}`)
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`)
    const headers = (await request).headers()
    expect(headers['x-garcon-token']).toBeUndefined()
    expect(headers['x-profile-token']).toBeUndefined()
  })

  it('retries a GET answered 503 exactly once and shows the screen', async () => {
    const { page, problems } = await browser.phone()
    let attempts = 0
    await page.route(`**/api/v1/restaurants/${restaurantId()}`, (route) => {
      attempts++
      return attempts === 1
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
        : route.continue()
    })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    // The retry may still be on its way when the network first goes quiet on a busy machine.
    await expect.poll(() => attempts).toBe(2)
    await expect.poll(() => page.locator('header').textContent()).toContain('Самовар')
    expect(await page.locator('.error-page').count()).toBe(0)
    expect(problems.filter((p) => !p.includes('503'))).toEqual([])
  })

  it("asks for the table's session twice at most when the server keeps answering 503", async () => {
    const session = await openTable('T9')
    const { page } = await browser.phone()
    await seatAtTable(page, session)
    let attempts = 0
    await page.route(`**/api/v1/table-sessions/${session.id}`, (route) => {
      attempts++
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
    })
    // Checkout asks whether the table's session is still open.
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order`)
    // The client's one retry (after 250 ms) may still be on its way when the screen settles.
    await expect.poll(() => attempts).toBe(2)
    // And nothing asks a third time: a query-level retry would have, within its back-off.
    await page.waitForTimeout(4000)
    expect(attempts).toBe(2)
  })

  it('uses the API base from the runtime configuration', async () => {
    const { page } = await browser.phone()
    await page.route(`${baseUrl()}/rest/${restaurantId()}/menu`, async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace('"apiBase":"/api/v1"', '"apiBase":"/gateway/v1"')
      return route.fulfill({ response, body: html })
    })
    // The gateway passes calls on to the API; the restaurant comes back renamed, so the
    // header shows the app really asked the gateway.
    await page.route('**/gateway/v1/**', async (route) => {
      const url = route.request().url().replace('/gateway/v1/', '/api/v1/')
      const response = await route.fetch({ url })
      if (!url.endsWith(`/restaurants/${restaurantId()}`)) return route.fulfill({ response })
      const body = { ...((await response.json()) as object), name: 'Через шлюз' }
      return route.fulfill({ response, json: body })
    })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await expect.poll(() => page.locator('header').textContent()).toContain('Через шлюз')
  })
})
