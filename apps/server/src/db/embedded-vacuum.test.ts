import { sql, type Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './database'
import type { VacuumDone } from './embedded-vacuum'
import type { Database } from './schema'
import { testDatabaseKinds } from '../test/test-database'

/** The embedded kind: a PostgreSQL server runs its own autovacuum. */
const embedded = testDatabaseKinds[0]

/** Dead rows and changes since the last analyze, as the statistics have them now. */
async function statsOf(db: Kysely<Database>, table: string) {
  await sql`select pg_stat_force_next_flush()`.execute(db)
  const { rows } = await sql<{ dead: number; changed: number }>`
    select n_dead_tup::integer as dead, n_mod_since_analyze::integer as changed
    from pg_stat_user_tables where relname = ${table}`.execute(db)
  return rows[0]
}

/** Pages an index scan of `churn`'s partial index reads to find its one live row. */
async function pagesRead(db: Kysely<Database>): Promise<number> {
  await sql`set enable_bitmapscan = off`.execute(db)
  await sql`set enable_seqscan = off`.execute(db)
  const { rows } = await sql<{ plan: string }>`
    explain (analyze, buffers, format text) select id from churn where done is null and due <= now()
  `.execute(db)
  await sql`reset enable_bitmapscan`.execute(db)
  await sql`reset enable_seqscan`.execute(db)
  const text = rows.map((row) => Object.values(row)[0]).join('\n')
  return Number(/Buffers: shared hit=(\d+)/.exec(text)?.[1] ?? Number.NaN)
}

/** What a vacuum run did, without its times. */
const statements = (done: VacuumDone[] | undefined) => done?.map(({ statement }) => statement)

describe('the embedded database vacuums as autovacuum would (decision 0143)', () => {
  let handle: DatabaseHandle
  beforeEach(async () => {
    if (embedded?.name !== 'embedded PGlite') throw new Error('the first test database is embedded')
    handle = await embedded.open()
    await sql`
      create table churn (id bigint primary key, due timestamptz not null, done timestamptz);
      create index churn_due on churn (due, id) where done is null;
      create table calm (id bigint primary key, n integer not null);
      create table tuned (id bigint primary key, n integer not null)
        with (autovacuum_vacuum_threshold = 5, autovacuum_vacuum_scale_factor = 0);
      insert into churn select g, now(), now() from generate_series(1, 2000) g;
      insert into calm select g, 0 from generate_series(1, 1000) g;
      insert into tuned select g, 0 from generate_series(1, 1000) g;
    `.execute(handle.db)
    // The inserts counted before the vacuum, so that it leaves every table at nothing to do.
    await sql`select pg_stat_force_next_flush()`.execute(handle.db)
    await sql`vacuum analyze`.execute(handle.db)
    expect(await handle.vacuum?.()).toEqual([])
  })
  afterEach(() => handle.close())

  it('vacuums a table whose dead rows pass the threshold, and its index no longer keeps them', async () => {
    const db = handle.db
    // Analyzed by the set-up moments ago: forgotten, so that its gap does not hold the analyze.
    await forgetLastAnalyze(db, 'churn')
    // An outbox's life: each row leased (its due time moved) and then marked done, in turn.
    for (let round = 0; round < 3; round++) {
      await sql`update churn set done = null, due = now() - interval '1 minute'`.execute(db)
      await sql`update churn set due = now() - interval '1 second'`.execute(db)
      await sql`update churn set done = now() where id > 1`.execute(db)
    }
    const before = await statsOf(db, 'churn')
    expect(before?.dead).toBeGreaterThan(50 + 0.2 * 2000)
    const readBefore = await pagesRead(db)

    expect(statements(await handle.vacuum?.())).toContain('vacuum (analyze) public.churn')

    expect((await statsOf(db, 'churn'))?.dead).toBe(0)
    expect(await pagesRead(db)).toBeLessThan(readBefore / 4)
  })

  it('leaves a table under its threshold alone, and honours a table’s own autovacuum settings', async () => {
    const db = handle.db
    // 20 dead rows each: under the server's 50 + 20 % of 1,000, over `tuned`'s own 5 + 0 %.
    await sql`update calm set n = n + 1 where id <= 20`.execute(db)
    await sql`update tuned set n = n + 1 where id <= 20`.execute(db)

    const done = await handle.vacuum?.()

    expect(statements(done)).toEqual(['vacuum public.tuned'])
    expect((await statsOf(db, 'calm'))?.dead).toBe(20)
    expect((await statsOf(db, 'tuned'))?.dead).toBe(0)
  })

  it('analyzes a table changed past the analyze threshold, without vacuuming what has no dead rows', async () => {
    const db = handle.db
    await forgetLastAnalyze(db, 'calm')
    await sql`insert into calm select g, 0 from generate_series(1001, 1200) g`.execute(db)

    expect(statements(await handle.vacuum?.())).toEqual(['analyze public.calm'])
    expect((await statsOf(db, 'calm'))?.changed).toBe(0)
  })

  // Issue 31: `analyze public.orders` every 2 s under load held every order 25–35 ms each time.
  it('analyzes a big table again only once its gap has passed: 2 ms a row since its last analyze', async () => {
    const db = handle.db
    await sql`
      create table big (id bigint primary key, n integer not null);
      insert into big select g, 0 from generate_series(1, 5000) g;
    `.execute(db)
    await sql`select pg_stat_force_next_flush()`.execute(db)
    await sql`analyze big`.execute(db)
    // Past its analyze threshold (50 + 10 % of 5,000), 10 s before its gap has passed.
    await sql`insert into big select g, 0 from generate_series(5001, 6000) g`.execute(db)
    expect((await statsOf(db, 'big'))?.changed).toBe(1000)

    expect(statements(await handle.vacuum?.())).toEqual([])

    // The same changes, its last analyze forgotten (as if it were long ago): analyzed now.
    await forgetLastAnalyze(db, 'big')
    await sql`insert into big select g, 0 from generate_series(6001, 7000) g`.execute(db)
    expect(statements(await handle.vacuum?.())).toEqual(['analyze public.big'])
  })
})

/** The statistics of `table` started afresh: never analyzed. */
async function forgetLastAnalyze(db: Kysely<Database>, table: string) {
  await sql`select pg_stat_force_next_flush()`.execute(db)
  await sql`select pg_stat_reset_single_table_counters(${table}::regclass)`.execute(db)
}

describe.each(testDatabaseKinds)('ANALYZE on $name (decision 0151)', (kind) => {
  let handle: DatabaseHandle
  beforeEach(async () => {
    handle = await kind.open()
  })
  afterEach(() => handle.close())

  it("keeps the statistics of an order's columns that plans read, and samples none of its documents", async () => {
    const db = handle.db
    await sql`
      insert into restaurants (id, name) values ('stats', 'Stats');
      insert into orders (restaurant_id, number, type, payment_method, currency, lines, history,
          contact, subtotal, service_charge, delivery_fee, total, idempotency_key, request_hash)
        select 'stats', g, 'pickup', 'cash', 'RUB',
          jsonb_build_array(jsonb_build_object('dishId', 'borscht', 'quantity', g % 3 + 1)),
          jsonb_build_array(jsonb_build_object('status', 'placed', 'at', now())),
          jsonb_build_object('name', 'Гость', 'phone', '+7916' || lpad(g::text, 7, '0')),
          100 * g, 0, 0, 100 * g, 'key-' || g, 'hash-' || g
        from generate_series(1, 500) g;
      analyze orders;
    `.execute(db)
    const { rows } = await sql<{ column: string }>`
      select attname as column from pg_stats
      where schemaname = current_schema() and tablename = 'orders'`.execute(db)
    const analyzed = rows.map((row) => row.column)

    expect(analyzed).toEqual(expect.arrayContaining(['restaurant_id', 'status', 'type', 'total']))
    for (const document of ['lines', 'history', 'contact', 'address', 'table_ref'])
      expect(analyzed, document).not.toContain(document)
  })
})
