import { randomInt, randomUUID } from 'node:crypto'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type PusherClient from 'pusher-js'
import { describe, expect, it } from 'vitest'
import { bill as billSchema } from '@tableside/contracts/orders'
import { createScratchDatabase } from '../../../scripts/lib/order-traffic.mjs'
import { pusherClient } from '../../../scripts/lib/pusher-client.mjs'
import {
  demoTableTokens,
  startServer,
  type ServerProcess,
} from '../../../scripts/lib/server-process.mjs'

const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

/**
 * A round-robin TCP proxy, as a load balancer in front of the nodes: each new connection goes
 * to the next node, skipping one that refuses it (a dead node).
 */
function roundRobin(ports: readonly number[]): Promise<{ port: number; server: Server }> {
  let next = 0
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    const attempt = (left: number) => {
      const port = ports[next++ % ports.length] ?? 0
      const upstream = createConnection({ host: '127.0.0.1', port })
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client)
      })
      upstream.once('error', () => {
        upstream.destroy()
        if (left > 1) attempt(left - 1)
        else client.destroy()
      })
      upstream.on('close', () => client.destroy())
      client.on('close', () => upstream.destroy())
    }
    attempt(ports.length)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ port: typeof address === 'object' && address ? address.port : 0, server })
    })
  })
}

// Issue 26: three nodes behind a load balancer, one PostgreSQL and one Redis; one node dies.
describe.skipIf(!databaseUrl || !redisUrl)(
  `Three nodes behind a round-robin proxy${databaseUrl && redisUrl ? '' : ' (skipped: TEST_DATABASE_URL and TEST_REDIS_URL are needed)'}`,
  () => {
    it('diners on two nodes and a waiter on a third: a node killed mid-stream loses and duplicates no order, and every socket ends with the true bill', async () => {
      const database = await createScratchDatabase(databaseUrl ?? '', 'three_nodes')
      const credentials = {
        REALTIME_APP_ID: String(randomInt(1_000_000, 9_999_999)),
        REALTIME_APP_KEY: 'three-nodes',
        REALTIME_APP_SECRET: 'three-nodes-secret',
      }
      const env = {
        ...credentials,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl ?? '',
        OTP_SECRET: 'three-nodes-otp-secret-0123456789abcdef',
        RATE_LIMIT_EXEMPT: '127.0.0.1',
      }
      const nodes: ServerProcess[] = []
      const clients: PusherClient[] = []
      let proxy: Server | undefined
      try {
        // The first node migrates and seeds the demo; the others join it.
        nodes.push(await startServer({ env }))
        for (let n = 1; n < 3; n++) nodes.push(await startServer({ env }))
        const balancer = await roundRobin(nodes.map((node) => node.port))
        proxy = balancer.server
        const base = `http://127.0.0.1:${balancer.port}`
        const api = `${base}/api/v1`
        const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(`${api}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          })

        /** A read through the balancer, tried again when its connection was to the dead node. */
        const get = async (path: string): Promise<Response> => {
          for (let attempt = 0; ; attempt++) {
            try {
              return await fetch(`${api}${path}`)
            } catch (error) {
              if (attempt >= 5) throw error
            }
          }
        }

        const tokens = await demoTableTokens(nodes[0] as ServerProcess)
        const opened = await post('/restaurants/demo/table-sessions', { tableToken: tokens.T1 })
        expect(opened.status).toBe(201)
        const session = (await opened.json()) as { id: string }
        const signedIn = await post('/auth/garcon/login', {
          restaurantId: 'demo',
          login: 'anna',
          pin: '1111',
        })
        expect(signedIn.status).toBe(200)
        const waiter = (await signedIn.json()) as { token: string; waiter: { id: string } }
        const trueBill = async () =>
          billSchema.parse(await (await get(`/table-sessions/${session.id}/bill`)).json()).totals
            .due

        const proxies: Server[] = []
        /**
         * A phone's socket on node `on`, through a balancer of its own that sends its first
         * connection there and a reconnect to the next live node. As the app does, it refetches
         * the bill on every event, whenever it (re)subscribes and when its connection comes back,
         * and asks again for a signature the server could not give. What it went through is
         * kept, to say why when it ends on a wrong bill.
         */
        const phone = async (channel: string, on: number, headers: Record<string, string> = {}) => {
          const ports = nodes.map((node) => node.port)
          const own = await roundRobin([...ports.slice(on), ...ports.slice(0, on)])
          proxies.push(own.server)
          const client = pusherClient(credentials.REALTIME_APP_KEY, own.port, {
            authUrl: `${base}/broadcasting/auth`,
            headers,
          })
          clients.push(client)
          const seen = { bill: Number.NaN, events: 0 }
          const started = performance.now()
          const timeline: string[] = []
          const note = (what: string) =>
            timeline.push(`${Math.round(performance.now() - started)} ms ${what}`)
          // The later refetch wins, as the app's query does (a refetch cancels the one in
          // flight): under load an earlier read, retried past the dead node, can answer last.
          let asked = 0
          let shown = 0
          const refresh = (why: string) => {
            const mine = ++asked
            note(`refetch ${mine} (${why})`)
            void trueBill().then(
              (due) => {
                note(`refetch ${mine}: ${due}${mine < shown ? ', stale' : ''}`)
                if (mine < shown) return
                shown = mine
                seen.bill = due
              },
              (error: unknown) => note(`refetch ${mine} failed: ${String(error)}`),
            )
          }
          let everConnected = false
          client.connection.bind('state_change', ({ current }: { current: string }) => {
            note(current)
            if (current !== 'connected') return
            if (everConnected) refresh('reconnected')
            everConnected = true
          })
          const subscription = client.subscribe(channel)
          subscription.bind('pusher:subscription_succeeded', () => refresh('subscribed'))
          subscription.bind('pusher:subscription_error', (error: unknown) => {
            note(`subscription refused: ${JSON.stringify(error)}`)
            setTimeout(() => client.subscribe(channel), 500)
          })
          subscription.bind_global((name: string) => {
            if (name.startsWith('pusher')) return
            seen.events++
            refresh(name)
          })
          const subscribed = () => subscription.subscribed
          return { seen, subscribed, timeline: () => timeline.join('\n') }
        }
        const tableChannel = `private-table.${session.id}`
        const dinerOnA = await phone(tableChannel, 0)
        await expect.poll(() => dinerOnA.subscribed()).toBe(true)
        const dinerOnB = await phone(tableChannel, 1)
        await expect.poll(() => dinerOnB.subscribed()).toBe(true)
        const waiterOnC = await phone(`private-garcon.${waiter.waiter.id}`, 2, {
          'x-garcon-token': waiter.token,
        })
        await expect.poll(() => waiterOnC.subscribed()).toBe(true)

        // Orders from the table, each retried with its key until acknowledged, as the app does;
        // the second node dies after the tenth.
        const acknowledged = new Map<string, string>()
        for (let n = 0; n < 24; n++) {
          if (n === 10) nodes[1]?.child.kill('SIGKILL')
          const key = randomUUID()
          for (let attempt = 0; ; attempt++) {
            const answer = await post(
              '/restaurants/demo/orders',
              {
                type: 'dine_in',
                lines: [{ dishId: 'olivier', quantity: 1, optionIds: [] }],
                paymentMethod: 'cash',
                tableSessionId: session.id,
              },
              { 'idempotency-key': key },
            ).catch(() => undefined)
            if (answer?.status === 201 || answer?.status === 200) {
              acknowledged.set(key, ((await answer.json()) as { id: string }).id)
              break
            }
            if (attempt > 50) throw new Error(`order ${n} was never acknowledged`)
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        }

        // Every acknowledged order is there once, with its own number.
        const orders = await Promise.all(
          [...acknowledged.values()].map(async (id) => {
            const answer = await get(`/orders/${id}`)
            expect(answer.status).toBe(200)
            return (await answer.json()) as { id: string; number: number }
          }),
        )
        expect(new Set(orders.map((order) => order.id)).size).toBe(24)
        expect(new Set(orders.map((order) => order.number)).size).toBe(24)
        const table = billSchema.parse(
          await (await get(`/table-sessions/${session.id}/bill`)).json(),
        )
        expect(table.orders).toHaveLength(24)

        // Every socket, the one whose node died included, ends with the true bill.
        const due = await trueBill()
        // What a phone went through is told with the failure, as it stands when the wait ends.
        const told = async (
          name: string,
          socket: { timeline: () => string },
          wait: Promise<void>,
        ) =>
          wait.catch((error: unknown) => {
            throw new Error(`${name}:\n${socket.timeline()}`, { cause: error })
          })
        for (const [name, socket] of Object.entries({ dinerOnA, dinerOnB })) {
          await told(
            name,
            socket,
            expect.poll(() => socket.seen.bill, { timeout: 30_000 }).toBe(due),
          )
          expect(socket.subscribed(), `${name}: ${socket.timeline()}`).toBe(true)
        }
        // The waiter heard of the orders placed after the node died too.
        await told(
          'waiterOnC',
          waiterOnC,
          expect.poll(() => waiterOnC.seen.events, { timeout: 30_000 }).toBeGreaterThan(0),
        )
        for (const own of proxies) own.close()
      } finally {
        for (const client of clients) client.disconnect()
        proxy?.close()
        for (const node of nodes) await node.stop().catch(() => null)
        await database.drop()
      }
    })
  },
)
