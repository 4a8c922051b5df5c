import { afterEach, describe, expect, it, vi } from 'vitest'
import { advisoryJobLock, soleNodeJobLock } from '../db/job-lock'
import { useScratchCluster } from '../test/scratch-schemas'
import { postgresSkipReason, postgresUrl } from '../test/test-database'
import { createPeriodicJobs } from './periodic-jobs'

describe('Periodic jobs on one node', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs the first round after its delay, then one every period, and stops cleanly', async () => {
    vi.useFakeTimers()
    const jobs = createPeriodicJobs({ lock: soleNodeJobLock })
    let rounds = 0
    jobs.add({
      name: 'count',
      firstAfterMs: 100,
      everyMs: 1_000,
      run: () => Promise.resolve(rounds++),
    })
    jobs.start()
    await vi.advanceTimersByTimeAsync(99)
    expect(rounds).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(rounds).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(rounds).toBe(3)
    await jobs.stop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(rounds).toBe(3)
  })

  it('logs a failed round and runs the next; a round that outlasts its period is not doubled', async () => {
    vi.useFakeTimers()
    const warnings: string[] = []
    const jobs = createPeriodicJobs({
      lock: soleNodeJobLock,
      log: { warn: (_object, message) => warnings.push(message) },
    })
    let calls = 0
    let finish = () => {}
    jobs.add({
      name: 'flaky',
      everyMs: 1_000,
      run: () => {
        calls++
        if (calls === 1) return Promise.reject(new Error('the database is away'))
        return new Promise<void>((resolve) => (finish = resolve))
      },
    })
    jobs.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(warnings).toEqual(['Periodic job flaky failed'])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toBe(2)
    // Still under way two periods later: no second round beside it.
    await vi.advanceTimersByTimeAsync(2_000)
    expect(calls).toBe(2)
    finish()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toBe(3)
    finish()
    await jobs.stop()
  })

  it('refuses two jobs of one name', () => {
    const jobs = createPeriodicJobs({ lock: soleNodeJobLock })
    const job = { name: 'twice', everyMs: 1_000, run: () => Promise.resolve() }
    jobs.add(job)
    expect(() => jobs.add(job)).toThrow('A periodic job named twice is there already')
  })
})

// Issue 26: the report warmer and the sweeps ran on every node of a cluster.
describe.skipIf(!postgresUrl)('Periodic jobs on several nodes of one PostgreSQL server', () => {
  const url = postgresUrl ?? ''
  const {
    schemas,
    nodeOn: lockOn,
    opened: locks,
    admin,
  } = useScratchCluster(url, 2, (schema) =>
    advisoryJobLock({ connectionString: url, schema, connectTimeoutMs: 5_000 }),
  )

  it('runs each round on one node; another takes over when that node goes', async () => {
    const [a, b] = [lockOn(schemas[0] ?? ''), lockOn(schemas[0] ?? '')]
    const ran: string[] = []
    const nodes = (['a', 'b'] as const).map((name) => {
      const jobs = createPeriodicJobs({ lock: name === 'a' ? a : b })
      jobs.add({ name: 'warm', everyMs: 60_000, run: () => Promise.resolve(ran.push(name)) })
      return jobs
    })
    for (let round = 0; round < 3; round++)
      await Promise.all(nodes.map((jobs) => jobs.runNow('warm')))
    // Whichever asked first holds the lock and runs every round.
    const first = ran[0] ?? ''
    expect(ran).toEqual([first, first, first])

    // That node goes (its session ends): the other runs the rounds from its next ask on.
    await (first === 'a' ? a : b).close()
    for (const jobs of nodes) await jobs.runNow('warm')
    expect(ran).toEqual([first, first, first, first === 'a' ? 'b' : 'a'])
  })

  it('hands the rounds over when the holder’s connection is cut, and never to two nodes', async () => {
    const [a, b] = [lockOn(schemas[1] ?? ''), lockOn(schemas[1] ?? '')]
    expect(await a.held()).toBe(true)
    expect(await b.held()).toBe(false)
    const holderPid = () =>
      admin(async (client) => {
        const { rows } = await client.query<{ pid: number }>(
          "select pid from pg_locks where locktype = 'advisory' and granted and objid = (hashtext('tableside:periodic-jobs:' || $1::text)::bigint & 4294967295)::oid",
          [schemas[1]],
        )
        return rows.map((row) => row.pid)
      })
    const [cut] = await holderPid()
    expect(cut).toBeGreaterThan(0)
    await admin((client) => client.query('select pg_terminate_backend($1)', [cut]))
    // Once the server has ended that session, the lock is free and the next node to ask takes
    // it: the cut one (on a new connection) or the other, but only ever one of them.
    await expect
      .poll(async () => {
        await Promise.all([a.held(), b.held()])
        return holderPid()
      })
      .toEqual([expect.not.stringMatching(String(cut))])
    for (let ask = 0; ask < 3; ask++) {
      const answers = [await a.held(), await b.held()]
      expect(answers.filter(Boolean)).toHaveLength(1)
    }
  })

  it('keeps test runs in schemas of their own apart', async () => {
    const [here, there] = [lockOn(schemas[0] ?? ''), lockOn(schemas[1] ?? '')]
    await Promise.all(locks.filter((lock) => lock !== here && lock !== there).map((l) => l.close()))
    expect(await here.held()).toBe(true)
    expect(await there.held()).toBe(true)
  })
})

if (!postgresUrl)
  console.info(`Periodic jobs on several nodes: skipped (${postgresSkipReason ?? ''})`)
