import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Pusher from 'pusher'
import PusherClient from 'pusher-js'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'

describe('Operator runs the server', () => {
  it('keeps its data across a graceful restart and refuses a second server on the same data', async () => {
    const first = await startServer()
    const second = startServer({ dataDir: first.dataDir, timeoutMs: 20_000 })
    await expect(second).rejects.toThrow(
      new RegExp(`in use by process ${first.child.pid ?? 'unknown'}`),
    )
    await expect(second).rejects.toThrow(/Stop that process first, or set DATA_DIR/)

    expect(await first.stop('SIGTERM')).toBe(0)
    expect(existsSync(join(first.dataDir, 'tableside.lock'))).toBe(false)

    const again = await startServer({ dataDir: first.dataDir })
    try {
      const response = await fetch(`${again.url}/api/v1/restaurants/demo`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ id: 'demo' })
    } finally {
      expect(await again.stop('SIGINT')).toBe(0)
      rmSync(first.dataDir, { recursive: true, force: true })
    }
  })

  it('explains a bad configuration and exits instead of starting half-configured', async () => {
    await expect(startServer({ env: { APP_ENV: 'staging' }, timeoutMs: 20_000 })).rejects.toThrow(
      /Tableside cannot start: Invalid configuration:\s+APP_ENV/,
    )
  })
})

const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!redisUrl)(
  `Two server processes act as one realtime hub through Redis${redisUrl ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`,
  () => {
    it('an event published on one process reaches a pusher-js client of the other', async () => {
      const credentials = {
        REALTIME_APP_ID: String(Date.now()),
        REALTIME_APP_KEY: 'two-nodes',
        REALTIME_APP_SECRET: 'two-nodes-secret',
      }
      const env = { ...credentials, REDIS_URL: redisUrl ?? '', DEMO_SEED: 'false' }
      const a = await startServer({ env })
      const b = await startServer({ env })
      const client = new PusherClient(credentials.REALTIME_APP_KEY, {
        cluster: 'mt1',
        wsHost: '127.0.0.1',
        wsPort: b.port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
      })
      try {
        const channel = client.subscribe('restaurant.two-nodes')
        await new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve))
        const received = new Promise((resolve) => channel.bind('menu.changed', resolve))
        const sdk = new Pusher({
          appId: credentials.REALTIME_APP_ID,
          key: credentials.REALTIME_APP_KEY,
          secret: credentials.REALTIME_APP_SECRET,
          host: '127.0.0.1',
          port: String(a.port),
          useTLS: false,
        })
        const info = await sdk.get({
          path: '/channels/restaurant.two-nodes',
          params: { info: 'subscription_count' },
        })
        expect(await info.json()).toEqual({ occupied: true, subscription_count: 1 })
        await sdk.trigger('restaurant.two-nodes', 'menu.changed', { dishId: 5 })
        expect(await received).toEqual({ dishId: 5 })
      } finally {
        client.disconnect()
        expect(await a.stop()).toBe(0)
        expect(await b.stop()).toBe(0)
        for (const { dataDir } of [a, b]) rmSync(dataDir, { recursive: true, force: true })
      }
    })
  },
)
