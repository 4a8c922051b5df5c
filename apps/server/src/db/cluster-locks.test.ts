import { describe, expect, it } from 'vitest'
import { useScratchCluster } from '../test/scratch-schemas'
import { postgresUrl } from '../test/test-database'
import { advisoryClusterLocks, soleNodeLocks } from './cluster-locks'

describe('Cluster locks of the embedded database (one node)', () => {
  it('holds a name once until released; other names are free', async () => {
    const locks = soleNodeLocks()
    expect(await locks.tryTake('photos:demo')).toBe(true)
    expect(await locks.tryTake('photos:demo')).toBe(false)
    expect(await locks.tryTake('photos:bistro')).toBe(true)
    await locks.release('photos:demo')
    expect(await locks.tryTake('photos:demo')).toBe(true)
  })
})

describe.skipIf(!postgresUrl)('Cluster locks on several nodes of one PostgreSQL server', () => {
  const url = postgresUrl ?? ''
  const { schemas, nodeOn, admin } = useScratchCluster(url, 2, (schema) =>
    advisoryClusterLocks({ connectionString: url, schema, connectTimeoutMs: 5_000 }),
  )

  it('gives a name to one node at a time, the holder included, until it is released', async () => {
    const [a, b] = [nodeOn(schemas[0] ?? ''), nodeOn(schemas[0] ?? '')]
    expect(await a.tryTake('photos:demo')).toBe(true)
    // PostgreSQL's advisory locks stack in a session; the node's own second ask is refused.
    expect(await a.tryTake('photos:demo')).toBe(false)
    expect(await b.tryTake('photos:demo')).toBe(false)
    expect(await b.tryTake('photos:bistro')).toBe(true)
    await a.release('photos:demo')
    expect(await b.tryTake('photos:demo')).toBe(true)
    expect(await a.tryTake('photos:demo')).toBe(false)
    await b.release('photos:demo')
    await b.release('photos:bistro')
    // Released once, free for good: the session holds no stacked copy.
    expect(await a.tryTake('photos:bistro')).toBe(true)
    await a.release('photos:bistro')
  })

  it('frees what a node held when it goes or its connection is cut', async () => {
    const [a, b] = [nodeOn(schemas[0] ?? ''), nodeOn(schemas[0] ?? '')]
    expect(await a.tryTake('photos:cut')).toBe(true)
    expect(await b.tryTake('photos:cut')).toBe(false)
    const holders = () =>
      admin(async (client) => {
        const { rows } = await client.query<{ pid: number }>(
          `select pid from pg_locks where locktype = 'advisory' and granted
             and classid = (hashtext('tableside:cluster-locks:' || $1::text)::bigint & 4294967295)::oid
             and objid = (hashtext('photos:cut')::bigint & 4294967295)::oid`,
          [schemas[0]],
        )
        return rows.map((row) => row.pid)
      })
    const [cut] = await holders()
    expect(cut).toBeGreaterThan(0)
    await admin((client) => client.query('select pg_terminate_backend($1)', [cut]))
    await expect.poll(() => b.tryTake('photos:cut')).toBe(true)
    await b.close()
    await expect.poll(holders).toEqual([])
  })

  it('keeps test runs in schemas of their own apart', async () => {
    const [a, b] = [nodeOn(schemas[0] ?? ''), nodeOn(schemas[1] ?? '')]
    expect(await a.tryTake('photos:demo')).toBe(true)
    expect(await b.tryTake('photos:demo')).toBe(true)
  })
})
