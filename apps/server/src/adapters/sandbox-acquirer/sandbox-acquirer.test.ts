import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import type { DatabaseHandle } from '../../db/database'
import { testDatabaseKinds } from '../../test/test-database'
import { SandboxAcquirer } from './sandbox-acquirer'

// Issue 26: with several nodes, each node's sender read the same due webhook and sent it.
describe.each(testDatabaseKinds)('The sandbox acquirer on several nodes, on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database.close()
  })

  let serial = 0
  /** A card payment of its own, waiting to be paid. */
  const create = async (node: SandboxAcquirer) => {
    const n = ++serial
    return (
      await node.create({
        paymentId: `payment-${String(n)}`,
        amount: 10_000 + n,
        currency: 'RUB',
        method: 'card',
        merchant: 'Bistro',
        description: `Order ${String(n)}`,
        shopOrigin: 'http://bistro.test',
        language: 'ru',
        locale: 'ru-RU',
        successUrl: 'http://bistro.test/ok',
        failUrl: 'http://bistro.test/fail',
        expiresAt: new Date(Date.now() + 15 * 60_000),
      })
    ).ref
  }

  // CI once refunded an order whose payment the shop had not heard of yet: the test's kick came
  // while a run that had claimed before the payment's webhook was written was still delivering.
  it('lets a kick during a delivery run wait for the webhooks written before it', async () => {
    const sent: string[] = []
    let entered = () => {}
    const firstDelivery = new Promise<void>((resolve) => (entered = resolve))
    let letGo = () => {}
    const held = new Promise<void>((resolve) => (letGo = resolve))
    const node = new SandboxAcquirer({
      db: database.db,
      secret: 'a-secret-of-one-node',
      deliver: async (body) => {
        entered()
        await held
        sent.push((JSON.parse(body) as { data: { ref: string } }).data.ref)
        return 200
      },
    })
    const [early, late] = [await create(node), await create(node)]
    // Paying kicks a run, which claims the early payment's webhook and is held delivering it.
    await node.payByCard(early, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/40' })
    await firstDelivery
    await node.payByCard(late, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/40' })
    const kicked = node.kick()
    letGo()
    await kicked
    expect(sent).toEqual([early, late])
    await node.stop()
  })

  it('sends each webhook once though every node looks for due ones at the same time', async () => {
    const sent: string[] = []
    const nodes = [0, 1, 2].map(
      () =>
        new SandboxAcquirer({
          db: database.db,
          secret: 'a-secret-shared-by-the-nodes',
          deliver: async (body) => {
            // The shop takes a moment to answer: long enough for another node to look.
            await new Promise((resolve) => setTimeout(resolve, 20))
            sent.push((JSON.parse(body) as { data: { ref: string } }).data.ref)
            return 200
          },
        }),
    )
    const [first] = nodes
    if (!first) throw new Error('no node')
    const refs: string[] = []
    for (let n = 0; n < 5; n++) refs.push(await create(first))
    // Paying queues each payment's webhook; every node then looks for due ones at once.
    for (const ref of refs)
      await first.payByCard(ref, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/40' })
    await Promise.all(nodes.map((node) => node.kick()))
    await Promise.all(nodes.map((node) => node.kick()))
    expect(sent.toSorted()).toEqual(refs.toSorted())
  })
})
