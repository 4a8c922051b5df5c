import Pusher from 'pusher'
import { describe, expect, inject, it } from 'vitest'
import { tableSessionMoved } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openTable, seatAtTable } from './table-service'
import { openScreen, reloadScreen } from './open-screen'

/**
 * A waiter moved the guests (decision 0044): the server's side, the move and the event it
 * sends, is tested in floor-routes.test.ts. Here the phone's side: the event as the server
 * sends it, through the hub to the real pusher-js, and the phone names the new table. (The
 * e2e stories share one server whose tables all have guests by now, so no table is free to
 * move real guests to.)
 */
describe('Guests moved to another table', () => {
  const browser = useBrowser()

  it("a diner's phone follows the waiter's move to the new table, with nothing to do", async () => {
    const session = await openTable('T9')
    const { page, problems } = await browser.phone()
    await seatAtTable(page, session)
    // The call screen names the table the phone sits at.
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/call`)
    await expect
      .poll(() => page.getByText(`Стол ${session.table.label}`).count())
      .toBeGreaterThan(0)

    const { appId, key, secret } = inject('realtime')
    const { hostname, port } = new URL(baseUrl())
    const hub = new Pusher({ appId, key, secret, host: hostname, port, useTLS: false })
    const to = { code: 'T42', label: '42', zone: { ru: 'Веранда', en: 'Veranda' } }
    const moved = tableSessionMoved.data.parse({ sessionId: session.id, table: to })
    // The subscription may still be on its way: send until the phone shows it.
    await expect
      .poll(
        async () => {
          await hub.trigger(tableChannel(session.id), tableSessionMoved.name, moved)
          return page.getByText('Стол 42').count()
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBeGreaterThan(0)
    expect(await page.getByText(`Стол ${session.table.label}`, { exact: true }).count()).toBe(0)
    // The phone keeps it: a reload names the new table too.
    await reloadScreen(page)
    await expect.poll(() => page.getByText('Стол 42').count()).toBeGreaterThan(0)
    await keepScreenshot(page, 'table-moved')
    expect(problems).toEqual([])
  })
})
