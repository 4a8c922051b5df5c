import { describe, expect, it } from 'vitest'
import { soleNodeLocks } from '../../db/cluster-locks'
import { createPhotoTurns, PhotoLineFull } from './photo-turns'

/** Work that records how many of each restaurant's run at once, finished when told. */
function observedWork() {
  const running = new Map<string, number>()
  const most = new Map<string, number>()
  let overall = 0
  let mostOverall = 0
  const gates: (() => void)[] = []
  return {
    most,
    mostOverall: () => mostOverall,
    run: (restaurantId: string) => async () => {
      const now = (running.get(restaurantId) ?? 0) + 1
      running.set(restaurantId, now)
      most.set(restaurantId, Math.max(most.get(restaurantId) ?? 0, now))
      mostOverall = Math.max(mostOverall, ++overall)
      await new Promise<void>((resolve) => gates.push(resolve))
      running.set(restaurantId, (running.get(restaurantId) ?? 1) - 1)
      overall--
      return restaurantId
    },
    finishAll: () => {
      for (const open of gates.splice(0)) open()
    },
    started: () => gates.length,
  }
}

describe("A restaurant's photos take turns", () => {
  it('on two nodes: one photo of a restaurant at a time, two restaurants side by side', async () => {
    // Two nodes of one cluster share its locks (the embedded database's, or PostgreSQL's).
    const locks = soleNodeLocks()
    const nodes = [
      createPhotoTurns({ locks, pollMs: 5 }),
      createPhotoTurns({ locks, pollMs: 5 }),
    ] as const
    const work = observedWork()
    // Each restaurant's three uploads arrive at both nodes.
    const uploads = [0, 1, 2, 3, 4, 5].map((n) => {
      const restaurant = n < 3 ? 'demo' : 'bistro'
      return nodes[n % 2 === 0 ? 0 : 1].take(restaurant, work.run(restaurant))
    })
    for (let round = 0; round < 3; round++) {
      await expect.poll(work.started).toBe(2)
      work.finishAll()
    }
    expect(await Promise.all(uploads)).toEqual([
      'demo',
      'demo',
      'demo',
      'bistro',
      'bistro',
      'bistro',
    ])
    expect(work.most).toEqual(
      new Map([
        ['demo', 1],
        ['bistro', 1],
      ]),
    )
    expect(work.mostOverall()).toBe(2)
  })

  it('refuses an upload past the line, and one that waited too long, with Retry-After', async () => {
    const locks = soleNodeLocks()
    const turns = createPhotoTurns({ locks, maxInLine: 2, waitMs: 100, pollMs: 5 })
    const work = observedWork()
    const first = turns.take('demo', work.run('demo'))
    const second = turns.take('demo', work.run('demo'))
    const third = turns.take('demo', work.run('demo'))
    await expect(third).rejects.toBeInstanceOf(PhotoLineFull)
    await expect(third).rejects.toMatchObject({ status: 429, retryAfterSeconds: 10 })
    // Another restaurant's line is its own.
    const bistro = turns.take('bistro', work.run('bistro'))
    await expect(second).rejects.toMatchObject({ status: 429, code: 'rate_limited' })
    await expect.poll(work.started).toBe(2)
    work.finishAll()
    expect(await Promise.all([first, bistro])).toEqual(['demo', 'bistro'])
    // The line is empty again: the next upload goes at once.
    const next = turns.take('demo', work.run('demo'))
    await expect.poll(work.started).toBe(1)
    work.finishAll()
    expect(await next).toBe('demo')
  })

  it('hands the turn on when the work fails', async () => {
    const turns = createPhotoTurns({ locks: soleNodeLocks(), pollMs: 5 })
    await expect(turns.take('demo', () => Promise.reject(new Error('broken')))).rejects.toThrow(
      'broken',
    )
    expect(await turns.take('demo', () => Promise.resolve('next'))).toBe('next')
  })
})
