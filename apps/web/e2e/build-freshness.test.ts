import { describe, expect, it } from 'vitest'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

describe('A diner on an old build is offered the new one', () => {
  const browser = useBrowser()

  it('fetches its own build manifest one second after it is ready', async () => {
    const { page } = await browser.phone()
    const started = Date.now()
    const manifest = page.waitForRequest(/\/builds\/[^/]+\.json$/)
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`)
    const request = await manifest
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    const response = await request.response()
    expect(response?.status()).toBe(200)
    expect(await response?.json()).toMatchObject({
      buildId: expect.any(String) as unknown,
      entry: expect.stringMatching(/^assets\//) as unknown,
    })
  })

  it('checks latest.json every hour and offers a reload once a newer build exists', async () => {
    const { page } = await browser.phone()
    const current: unknown = await (await fetch(`${baseUrl()}/latest.json`)).json()
    await page.clock.install()
    let checks = 0
    let latest = current
    await page.route('**/latest.json', (route) => {
      checks++
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(latest),
      })
    })
    const banner = () => page.getByText(/A new version is available|Доступна новая версия/).count()
    let manifests = 0
    page.on('request', (request) => {
      if (/\/builds\/[^/]+\.json$/.test(request.url())) manifests++
    })
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    // The watcher's code loads when the manifest is due; let the page clock tick until it has.
    await page.clock.runFor(1_000)
    await expect
      .poll(async () => {
        await page.clock.runFor(10)
        return manifests
      })
      .toBe(1)
    expect(checks).toBe(0)

    await page.clock.runFor(3_600_000)
    await expect.poll(() => checks).toBe(1)
    expect(await banner()).toBe(0)

    latest = { buildId: '99991231T235959Z-newer', builtAt: '9999-12-31T23:59:59.000Z' }
    await page.clock.runFor(3_600_000)
    await expect.poll(() => checks).toBe(2)
    await expect.poll(banner).toBe(1)
    await keepScreenshot(page, 'update-banner')
  })
})
