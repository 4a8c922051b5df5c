import Pusher from 'pusher'
import { describe, expect, inject, it } from 'vitest'
import { restaurant } from '@tableside/contracts/restaurants'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

describe('Open pages stay live', () => {
  const browser = useBrowser()

  it('a page subscribed to its restaurant shows an event published through the HTTP API', async () => {
    const { page, problems } = await browser.phone()
    const sockets: string[] = []
    page.on('websocket', (ws) => sockets.push(ws.url()))
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await expect.poll(() => page.locator('header').textContent()).toContain('Самовар')
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(1)
    expect(sockets[0]).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/app/${inject('realtime').key}\\?protocol=7`),
    )

    const { appId, key, secret } = inject('realtime')
    const { hostname, port } = new URL(baseUrl())
    const server = new Pusher({ appId, key, secret, host: hostname, port, useTLS: false })
    const current = restaurant.parse(
      await (await fetch(`${baseUrl()}/api/v1/restaurants/${restaurantId()}`)).json(),
    )
    const renamed = { ...current, name: 'Бистро «Самовар» на Арбате' }
    // The subscription may still be on its way: publish until the page shows it.
    await expect
      .poll(
        async () => {
          await server.trigger(`restaurant.${restaurantId()}`, 'restaurant.updated', renamed)
          return page.locator('header').textContent()
        },
        { timeout: 10_000, interval: 250 },
      )
      .toContain('на Арбате')
    expect(problems).toEqual([])
    await keepScreenshot(page, 'realtime-renamed')
  })
})
