import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it } from 'vitest'
import type { BumpResult, KitchenBoard } from '@tableside/contracts/kitchen'
import { testBoard, testTicket } from '../test-board'
import { createBumpActions, TAP_SETTLE_MS, type BumpActionsDeps } from './bump-actions'
import { kitchenBoardKey } from './kitchen-board'

/** A request the test answers when it wants: the one in flight while the screen is tapped. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Bumps on the kitchen display', () => {
  let queryClient: QueryClient
  let clock: number
  let calls: string[]
  let answers: ReturnType<typeof deferred<BumpResult>>[]
  let problems: unknown[]
  let bumped: { lines: number[]; result: BumpResult }[]

  const bumpedAt = (orderId = 'a') =>
    queryClient
      .getQueryData<KitchenBoard>(kitchenBoardKey)
      ?.tickets.find((each) => each.orderId === orderId)
      ?.items.map((item) => item.bumpedAt !== null)

  const actions = (overrides: Partial<BumpActionsDeps> = {}) => {
    const answer = () => {
      const next = deferred<BumpResult>()
      answers.push(next)
      return next.promise
    }
    return createBumpActions({
      queryClient,
      send: {
        bump: (orderId, lines) => {
          calls.push(`bump ${orderId} ${lines.join(',')}`)
          return answer()
        },
        unbump: (orderId, line) => {
          calls.push(`unbump ${orderId} ${String(line)}`)
          return answer()
        },
        undo: (bumpId) => {
          calls.push(`undo ${bumpId}`)
          return answer()
        },
      },
      now: () => clock,
      onBumped: (_ticket, lines, result) => bumped.push({ lines, result }),
      onProblem: (error) => problems.push(error),
      ...overrides,
    })
  }

  beforeEach(() => {
    queryClient = new QueryClient()
    queryClient.setQueryData(kitchenBoardKey, testBoard([testTicket('a', [0, 1, 2])]))
    clock = 1_000_000
    calls = []
    answers = []
    problems = []
    bumped = []
  })

  const current = () => {
    const found = queryClient.getQueryData<KitchenBoard>(kitchenBoardKey)?.tickets[0]
    if (!found) throw new Error('No ticket')
    return found
  }

  it('a double tap on a dish bumps it once and never un-bumps it', async () => {
    const screen = actions()
    screen.bump(current(), [0])
    await settle()
    expect(bumpedAt()).toEqual([true, false, false])
    // The second tap lands on the dish now shown as done, while the first is still in flight.
    screen.unbump(current(), 0)
    screen.bump(current(), [0])
    await settle()
    expect(calls).toEqual(['bump a 0'])
    expect(bumpedAt()).toEqual([true, false, false])

    answers[0]?.resolve({ bumpId: 'b1', orderStatus: 'cooking' })
    await settle()
    // A quick second tap just after the answer is the same intent: still no un-bump.
    clock += TAP_SETTLE_MS - 1
    screen.unbump(current(), 0)
    await settle()
    expect(calls).toEqual(['bump a 0'])
    expect(bumpedAt()).toEqual([true, false, false])
    expect(bumped).toEqual([{ lines: [0], result: { bumpId: 'b1', orderStatus: 'cooking' } }])
  })

  it('a double tap on the ticket bumps its dishes once', async () => {
    const screen = actions()
    screen.bump(current(), [0, 1, 2])
    screen.bump(testTicket('a', [0, 1, 2]), [0, 1, 2])
    await settle()
    expect(calls).toEqual(['bump a 0,1,2'])
    expect(bumpedAt()).toEqual([true, true, true])
  })

  it('un-bumps a dish through its own control once the tap has settled', async () => {
    const screen = actions()
    screen.bump(current(), [1])
    await settle()
    answers[0]?.resolve({ bumpId: 'b1', orderStatus: 'cooking' })
    await settle()
    clock += TAP_SETTLE_MS
    screen.unbump(current(), 1)
    await settle()
    expect(calls).toEqual(['bump a 1', 'unbump a 1'])
    expect(bumpedAt()).toEqual([false, false, false])
  })

  it('undoes a bump through the undo control, and a tap right after it does not bump again', async () => {
    const screen = actions()
    screen.bump(current(), [0, 2])
    await settle()
    answers[0]?.resolve({ bumpId: 'b1', orderStatus: 'cooking' })
    await settle()
    screen.undo({ bumpId: 'b1', orderId: 'a', lines: [0, 2] })
    await settle()
    expect(bumpedAt()).toEqual([false, false, false])
    // The undo bar went away under the finger: the second tap of a double tap lands on a dish.
    screen.bump(current(), [0])
    await settle()
    expect(calls).toEqual(['bump a 0,2', 'undo b1'])
  })

  it('puts the dish back and says why when the bump fails', async () => {
    const screen = actions()
    screen.bump(current(), [0])
    await settle()
    screen.bump(current(), [1])
    await settle()
    answers[0]?.reject(new Error('offline'))
    await settle()
    // Only the failed bump is rolled back; the other one, still in flight, stays shown.
    expect(bumpedAt()).toEqual([false, true, false])
    expect(problems).toHaveLength(1)
    expect(bumped).toEqual([])
  })

  it('a refetch in flight does not overwrite the bump shown at once', async () => {
    const stale = deferred<KitchenBoard>()
    const refetch = queryClient
      .query({ queryKey: kitchenBoardKey, queryFn: () => stale.promise, staleTime: 0 })
      .catch(() => undefined)
    const screen = actions()
    screen.bump(current(), [2])
    await settle()
    // The board the server drew before the bump arrives after it.
    stale.resolve(testBoard([testTicket('a', [0, 1, 2])]))
    await refetch
    await settle()
    expect(bumpedAt()).toEqual([false, false, true])
  })
})
