import PusherClient from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import { createTestApp, type TestApp } from '../../test/test-app'
import { connected, nextEvent, subscribed } from '../../test/realtime-node'
import { testDatabaseKinds } from '../../test/test-database'
import { createTestRestaurant, testMenuFile } from './test-menu-file'

const [pglite] = testDatabaseKinds

/** Open menus hear about the stop-list through the real hub and the real pusher-js client. */
describe('Live menu changes', () => {
  let t: TestApp
  let client: PusherClient
  beforeAll(async () => {
    if (!pglite) throw new Error('no test database')
    t = await createTestApp(pglite)
    await createTestRestaurant(t.database.db, 'bistro')
    await t.menu.importMenu('bistro', testMenuFile())
    // The import's own menu.updated goes out first, so that a story hears only its own change.
    await t.app.outbox.kick()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    client = new PusherClient(t.config.realtime.key ?? '', {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
    })
    await connected(client)
    await subscribed(client, restaurantChannel('bistro'))
  })
  afterAll(async () => {
    client.disconnect()
    await t.close()
  })

  it('tells open menus which dishes went on and off the stop-list', async () => {
    const heard = nextEvent(client, restaurantChannel('bistro'), menuUpdated.name)
    const { version } = await t.menu.setAvailability('bistro', ['borscht'], false)
    expect(menuUpdated.data.parse(await heard)).toEqual({
      restaurantId: 'bistro',
      version,
      availability: [{ dishId: 'borscht', available: false }],
    })
  })

  it('tells open menus to refetch after a new menu is imported', async () => {
    const heard = nextEvent(client, restaurantChannel('bistro'), menuUpdated.name)
    const { version } = await t.menu.importMenu('bistro', testMenuFile())
    expect(menuUpdated.data.parse(await heard)).toEqual({
      restaurantId: 'bistro',
      version,
      availability: null,
    })
  })
})
