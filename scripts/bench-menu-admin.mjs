// A manager's change reaches an open diner menu (issue 17, budget ≤ 1 s p99): the real server
// process (embedded PGlite, the built-in realtime hub), OPEN_MENUS diners' menus as real
// pusher-js clients subscribed to `restaurant.{rid}` as the web app is, and CHANGES saves through
// the back office's API, one after another: stop-list taps (the event carries the dish) and dish
// edits (a new price: the event says "refetch", and the diner's menu is fetched with its ETag).
// Measured per change and per open menu: from the save's request until that menu holds the
// change (event heard, and for an edit the refetched menu shows the new price).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildIfStale } from './lib/build.mjs'
import { fmtMs, latencySummary, RESTAURANT, say } from './lib/order-traffic.mjs'
import { demoManagerHeaders, pusherClient } from './lib/pusher-client.mjs'
import { startServer } from './lib/server-process.mjs'

const CHANGES = Number(process.env.BENCH_MENU_CHANGES ?? 120)
const OPEN_MENUS = Number(process.env.BENCH_MENU_OPEN ?? 20)
const BUDGET_P99_MS = 1000
const DISH = 'herring-potatoes'

async function main() {
  buildIfStale()
  const realtime = {
    appId: '515151',
    key: 'menu-admin-bench-key',
    secret: 'menu-admin-bench-secret',
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tableside-menu-admin-bench-'))
  /** @type {import('pusher-js').default[]} */
  const clients = []
  /** @type {import('./lib/server-process.mjs').ServerProcess | undefined} */
  let server
  try {
    server = await startServer({
      dataDir,
      env: {
        REALTIME_APP_ID: realtime.appId,
        REALTIME_APP_KEY: realtime.key,
        REALTIME_APP_SECRET: realtime.secret,
      },
    })
    const { port } = server
    const api = `${server.url}/api/v1`
    const manager = await demoManagerHeaders(api, RESTAURANT)
    const adminMenu = await (await fetch(`${api}/admin/menu`, { headers: manager })).json()
    /** @type {{ categoryId: string, dish: any }} */
    let herring = { categoryId: '', dish: null }
    const walk = (/** @type {any[]} */ categories) => {
      for (const category of categories) {
        const dish = category.dishes.find((/** @type {any} */ d) => d.id === DISH)
        if (dish) herring = { categoryId: category.id, dish }
        walk(category.categories)
      }
    }
    for (const menu of adminMenu.file.menus) walk(menu.categories)
    if (!herring.dish) throw new Error(`no dish ${DISH} in the demo menu`)

    say(
      `${CHANGES} menu changes by the manager (half stop-list taps, half price edits), ` +
        `${OPEN_MENUS} open diner menus (real pusher-js clients on restaurant.${RESTAURANT}), ` +
        'one change at a time',
    )
    // Each open menu: its socket, and the menu it holds (refetched on "refetch", with its ETag).
    const menus = await Promise.all(
      Array.from({ length: OPEN_MENUS }, async () => {
        const client = pusherClient(realtime.key, port)
        clients.push(client)
        const channel = client.subscribe(`restaurant.${RESTAURANT}`)
        await new Promise((resolve, reject) => {
          channel.bind('pusher:subscription_succeeded', resolve)
          channel.bind('pusher:subscription_error', reject)
        })
        const first = await fetch(`${api}/restaurants/${RESTAURANT}/menu`)
        return { channel, etag: first.headers.get('etag') ?? '', held: await first.json() }
      }),
    )

    /** @type {number[]} */
    const reached = []
    /** @type {number[]} */
    const saves = []
    let available = true
    let price = herring.dish.price
    for (let i = 0; i < CHANGES; i += 1) {
      // Every change changes something: a tap flips the dish, an edit gives a new price.
      const stopTap = i % 2 === 0
      if (stopTap) available = !available
      else price = 49000 + i * 100
      const arrivals = menus.map(
        (menu) =>
          new Promise((resolve) => {
            /** @param {{ version: string, availability: { dishId: string, available: boolean }[] | null }} update */
            const heard = async (update) => {
              menu.channel.unbind('menu.updated', heard)
              if (update.availability) {
                // The menu patches the dish in place: no request.
                resolve(performance.now())
                return
              }
              const response = await fetch(`${api}/restaurants/${RESTAURANT}/menu`, {
                headers: { 'if-none-match': menu.etag },
              })
              if (response.status === 200) {
                menu.etag = response.headers.get('etag') ?? ''
                menu.held = await response.json()
              }
              const shown = menu.held.dishes.find((/** @type {any} */ d) => d.id === DISH)
              if (shown?.price !== price)
                throw new Error(
                  `menu ${update.version} lacks the new price: ${response.status} v${menu.held.version} ${shown?.price} ≠ ${price}`,
                )
              resolve(performance.now())
            }
            menu.channel.bind('menu.updated', heard)
          }),
      )
      const started = performance.now()
      const response = stopTap
        ? await fetch(`${api}/admin/menu/dishes/${DISH}/availability`, {
            method: 'PUT',
            headers: manager,
            body: JSON.stringify({ available }),
          })
        : await fetch(`${api}/admin/menu/dishes/${DISH}`, {
            method: 'PUT',
            headers: manager,
            body: JSON.stringify({
              categoryId: herring.categoryId,
              dish: { ...herring.dish, price, available },
            }),
          })
      if (!response.ok) throw new Error(`change ${i}: ${response.status} ${await response.text()}`)
      saves.push(performance.now() - started)
      for (const at of await Promise.all(arrivals))
        reached.push(/** @type {number} */ (at) - started)
    }

    const line = (/** @type {ReturnType<typeof latencySummary>} */ s) =>
      `p50 ${fmtMs(s.p50)}, p90 ${fmtMs(s.p90)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${s.count})`
    const save = latencySummary(saves)
    const reach = latencySummary(reached)
    say(`save answered (PUT, validated, audited, cache refreshed): ${line(save)}`)
    say(`change reached an open menu (save → menu holds it):        ${line(reach)}`)
    const ok = reach.p99 <= BUDGET_P99_MS
    say(`budget: p99 ≤ ${BUDGET_P99_MS} ms: ${ok ? 'met' : 'MISSED'}`)
    if (!ok) process.exitCode = 1
  } finally {
    for (const client of clients) client.disconnect()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
