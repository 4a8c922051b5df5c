import { randomInt } from 'node:crypto'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  nextEvent,
  startRealtimeNode,
  subscribed,
  type RealtimeNode,
} from '../../test/realtime-node'
import { RedisCluster } from './redis-cluster'

const redisUrl = process.env.TEST_REDIS_URL

if (!redisUrl) {
  describe.skip('realtime across nodes through Redis (skipped: TEST_REDIS_URL is not set)', () => {
    it('acts as one hub across two nodes', () => undefined)
  })
} else {
  describe('realtime across nodes through Redis', () => {
    // A fresh app id per run keeps runs apart in a shared Redis.
    const credentials = {
      appId: String(randomInt(1_000_000, 9_999_999)),
      key: 'cluster-key',
      secret: 'cluster-secret',
    }
    const log = Fastify().log
    let a: RealtimeNode
    let b: RealtimeNode

    beforeAll(async () => {
      a = await startRealtimeNode(credentials, {
        cluster: await RedisCluster.connect(redisUrl, credentials, log),
      })
      b = await startRealtimeNode(credentials, {
        cluster: await RedisCluster.connect(redisUrl, credentials, log),
      })
    })
    afterAll(async () => {
      await a.close()
      await b.close()
    })

    it('refuses a node whose realtime key or secret differs from the running nodes’, naming which', async () => {
      const join = (other: Partial<typeof credentials>) =>
        RedisCluster.connect(redisUrl, { ...credentials, ...other }, log)
      await expect(join({ key: 'another-key' })).rejects.toThrow(
        /^REALTIME_APP_KEY differs from what the other nodes/,
      )
      await expect(join({ secret: 'another-secret' })).rejects.toThrow(
        /^REALTIME_APP_SECRET differs/,
      )
      await expect(join({ key: 'another-key', secret: 'another-secret' })).rejects.toThrow(
        /^REALTIME_APP_KEY and REALTIME_APP_SECRET differ/,
      )
      // The same settings join; another app id is another cluster.
      await (await join({})).close()
      await (await join({ appId: `${credentials.appId}9`, key: 'another-key' })).close()
    })

    it('delivers an event published on node A to a client connected to node B', async () => {
      const client = b.connect()
      await subscribed(client, 'restaurant.cluster')
      const received = nextEvent(client, 'restaurant.cluster', 'menu.changed')
      await a.sdk.trigger('restaurant.cluster', 'menu.changed', { dishId: 3 })
      expect(await received).toEqual({ dishId: 3 })
      client.disconnect()
    })

    it('counts subscriptions and presence members across nodes', async () => {
      const onA = a.connect({ id: 'ivan', info: { name: 'Ivan' } })
      const onB = b.connect({ id: 'olga', info: { name: 'Olga' } })
      await subscribed(onA, 'presence-table.c1')
      const added = new Promise((resolve) => {
        onA.channel('presence-table.c1').bind('pusher:member_added', resolve)
      })
      const members = (await subscribed(onB, 'presence-table.c1')) as {
        count: number
        members: object
      }
      expect(members.count).toBe(2)
      expect(members.members).toEqual({ ivan: { name: 'Ivan' }, olga: { name: 'Olga' } })
      expect(await added).toMatchObject({ id: 'olga' })

      for (const node of [a, b]) {
        const info = await node.sdk.get({
          path: '/channels/presence-table.c1',
          params: { info: 'subscription_count,user_count' },
        })
        expect(await info.json()).toEqual({ occupied: true, subscription_count: 2, user_count: 2 })
      }

      // The same user on the other node is not a new member.
      const secondTab = b.connect({ id: 'ivan', info: { name: 'Ivan' } })
      const seen: unknown[] = []
      onB.channel('presence-table.c1').bind('pusher:member_added', (m: unknown) => seen.push(m))
      await subscribed(secondTab, 'presence-table.c1')
      const users = await a.sdk.get({ path: '/channels/presence-table.c1/users' })
      expect(((await users.json()) as { users: unknown[] }).users).toHaveLength(2)
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect(seen).toEqual([])

      const removed: unknown[] = []
      onB
        .channel('presence-table.c1')
        .bind('pusher:member_removed', (m: unknown) => removed.push(m))
      onA.disconnect()
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect(removed).toEqual([])
      secondTab.disconnect()
      await vi.waitFor(() => expect(removed).toEqual([{ id: 'ivan', info: { name: 'Ivan' } }]))
      onB.disconnect()
    })

    it('terminates a user on whichever node holds their connection', async () => {
      const client = b.connect({ id: 'gone' })
      client.signin()
      await vi.waitFor(() => expect(client.user.user_data).toMatchObject({ id: 'gone' }))
      const closed = new Promise((resolve) => {
        client.connection.bind('state_change', ({ current }: { current: string }) => {
          if (current === 'disconnected' || current === 'failed') resolve(current)
        })
      })
      await a.sdk.terminateUserConnections('gone')
      expect(await closed).toBeDefined()
      client.disconnect()
    })
  })
}
