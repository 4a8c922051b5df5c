import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLAN_MOST_AGE_MS, PreparedStatements } from './pglite-statements'

describe('prepared statements on the embedded engine', () => {
  let client: PGlite
  beforeAll(async () => {
    client = await PGlite.create()
    await client.exec(`
      create table things (id integer primary key, at timestamptz, doc jsonb, tags text[],
        big bigint, raw bytea, yes boolean, note text);
    `)
  })
  afterAll(() => client.close())

  const prepared = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name'))
      .rows

  it('answers as the engine’s own query does, value types and all', async () => {
    const statements = new PreparedStatements(client)
    const values = [
      1,
      new Date('2026-11-29T10:00:00.123Z'),
      JSON.stringify({ a: [1, 'два'], b: null }),
      ['x', 'y z'],
      '9007199254740993',
      new Uint8Array([0, 1, 255]),
      true,
      null,
    ]
    const insert = 'insert into things values ($1, $2, $3, $4, $5, $6, $7, $8) returning *'
    const mine = await statements.query(insert, values)
    const select = 'select * from things where id = $1 and yes = $2'
    for (let run = 0; run < 8; run++) {
      expect(await statements.query(select, [1, true])).toEqual(
        await client.query(select, [1, true]),
      )
    }
    expect(mine.rows).toEqual((await client.query('select * from things where id = 1')).rows)
    expect(mine.affectedRows).toBe(1)
    expect((await statements.query('update things set note = $1', ['n'])).affectedRows).toBe(1)
  })

  it('keeps the engine’s errors, and the transaction they break can be rolled back', async () => {
    const statements = new PreparedStatements(client)
    await client.exec('begin')
    const insert = 'insert into things (id) values ($1)'
    const refusal: unknown = await statements.query(insert, [1]).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ code: '23505', query: insert, params: [1] })
    await client.exec('rollback')
    await expect(
      statements.query('select count(*)::int as n from things where id > $1', [0]),
    ).resolves.toMatchObject({ rows: [{ n: 1 }] })
    await expect(statements.query('selec nothing where $1', [1])).rejects.toMatchObject({
      code: '42601',
    })
  })

  it('runs an insert naming a partial unique index by its predicate as often as asked', async () => {
    const statements = new PreparedStatements(client)
    await client.exec(`
      create table calls (id serial primary key, at_table text, status text);
      create unique index one_open_call on calls (at_table) where status <> 'done';
    `)
    const insert =
      'insert into calls (at_table, status) values ($1, $2) ' +
      'on conflict (at_table) where status <> $3 do nothing returning id'
    for (let n = 0; n < 8; n++) {
      const { rows } = await statements.query(insert, [`T${String(n % 2)}`, 'open', 'done'])
      expect(rows).toHaveLength(n < 2 ? 1 : 0)
    }
  })

  it('closes the least recently run statements beyond its bound', async () => {
    const before = (await prepared()).length
    const statements = new PreparedStatements(client, { max: 2 })
    for (let n = 1; n <= 5; n++) {
      const { rows } = await statements.query(`select $1::int + ${String(n)} as n`, [1])
      expect(rows).toEqual([{ n: n + 1 }])
    }
    // The closes go out in front of the next statement sent.
    await statements.query('select $1::int as n', [0])
    expect((await prepared()).length - before).toBeLessThanOrEqual(2)
  })

  it('prepares a statement afresh once its plans are old, and closes the old one', async () => {
    let now = 0
    const statements = new PreparedStatements(client, { clock: () => now })
    const sql = 'select note from things where id = $1'
    const before = new Set((await prepared()).map((row) => row.name))
    await statements.query(sql, [1])
    const first = (await prepared()).filter((row) => !before.has(row.name))
    expect(first).toHaveLength(1)
    now = PLAN_MOST_AGE_MS - 1
    await statements.query(sql, [1])
    expect((await prepared()).filter((row) => !before.has(row.name))).toEqual(first)
    now = PLAN_MOST_AGE_MS
    await statements.query(sql, [1])
    const second = (await prepared()).filter((row) => !before.has(row.name))
    expect(second).toHaveLength(1)
    expect(second).not.toEqual(first)
  })

  it('reads a changed table with its new columns, after a script or after the engine refuses', async () => {
    const statements = new PreparedStatements(client)
    const sql = 'select * from things where id = $1'
    await statements.query(sql, [1])
    const script = 'alter table things add column extra text default $$e$$'
    await client.exec(script)
    statements.afterScript(script)
    expect((await statements.query<{ extra: string }>(sql, [1])).rows[0]?.extra).toBe('e')

    // A change it was not told of: the engine refuses the old plan once, then it prepares anew.
    await client.exec('alter table things add column later integer default 7')
    await expect(statements.query(sql, [1])).rejects.toMatchObject({ code: '0A000' })
    expect((await statements.query<{ later: number }>(sql, [1])).rows[0]?.later).toBe(7)
  })
})
