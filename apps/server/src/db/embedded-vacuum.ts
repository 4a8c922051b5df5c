import { sql, type Kysely } from 'kysely'
import type { PeriodicJob } from '../lib/periodic-jobs'
import type { Database } from './schema'

/**
 * How often the embedded database looks for tables to vacuum or analyze: often enough that a
 * table growing fast is analyzed before its plans go wrong (decision 0150).
 */
export const EMBEDDED_VACUUM_EVERY_MS = 2_000

/**
 * A table is analyzed again no sooner than this long for each of its rows after its last analyze
 * (20 s for 10,000 rows), and at most `ANALYZE_GAP_MOST_MS` apart: a small table is analyzed
 * whenever it is due, but a big one's analyze (25–35 ms of the engine for 16,000 orders, every
 * order waiting behind it) does not come every 2 s under load. A table growing by 500 rows a
 * second then has at most twice the rows its statistics say, which turns no plan of ours.
 */
export const ANALYZE_GAP_MS_A_ROW = 2
const ANALYZE_GAP_MOST_MS = 60_000

/**
 * Between two vacuum statements the engine is left to the queries waiting for it this long: an
 * order waits for one of them at most, not for all of a run's.
 */
const PAUSE_BETWEEN_STATEMENTS_MS = 20

/** A table's own autovacuum setting (its `reloptions`), else the server's. */
const setting = (name: string) =>
  sql`coalesce((select option_value::float8 from pg_options_to_table(reloptions)
    where option_name = ${sql.lit(name)}), current_setting(${sql.lit(name)})::float8)`

/** A statement the vacuum ran (`vacuum (analyze) public.outbox`) and its time. */
export interface VacuumDone {
  statement: string
  ms: number
}

/**
 * A vacuum statement this long held every other query of the embedded engine for as long; it is
 * logged at info (as PostgreSQL's `log_autovacuum_min_duration` would), the others at debug.
 */
export const SLOW_VACUUM_MS = 50

interface Due {
  name: string
  vacuum: boolean
  analyze: boolean
}

/**
 * PostgreSQL's autovacuum, for the embedded engine, which runs none (PGlite is one backend and
 * starts no launcher): each table whose dead rows pass `autovacuum_vacuum_threshold` +
 * `autovacuum_vacuum_scale_factor` × its rows is vacuumed, and each whose changes since its last
 * analyze pass the analyze pair is analyzed, with the server's settings and a table's own
 * (`alter table … set (autovacuum_…)`), as a server's autovacuum would decide, except that a big
 * table is analyzed at most every `ANALYZE_GAP_MS_A_ROW` × its rows. Without it an
 * index kept every entry a row ever had: each outbox claim walked all the dead ones of the run
 * (decision 0143), and a table's file never took back what its deleted rows held.
 * Returns what it did, each statement with how long the engine was held by it.
 */
export async function vacuumWhatIsDue(db: Kysely<Database>): Promise<VacuumDone[]> {
  // What this backend counted since its last report is in the statistics read next.
  await sql`select pg_stat_force_next_flush()`.execute(db)
  // No parameters: read through the simple protocol, planned afresh each time.
  const { rows } = await sql<Due>`
    with tables as (
      select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
        s.n_dead_tup as dead, s.n_mod_since_analyze as changed,
        greatest(c.reltuples, 0) as tuples, c.reloptions,
        greatest(s.last_analyze, s.last_autoanalyze) as analyzed_at
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    ), limits as (
      select name, dead, changed,
        analyzed_at is null or analyzed_at <= now() - least(
          tuples * ${sql.lit(ANALYZE_GAP_MS_A_ROW)}, ${sql.lit(ANALYZE_GAP_MOST_MS)}
        ) * interval '1 millisecond' as may_analyze,
        ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')}
          * tuples as most_dead,
        ${setting('autovacuum_analyze_threshold')} + ${setting('autovacuum_analyze_scale_factor')}
          * tuples as most_changed
      from tables
    )
    select name, dead > most_dead as vacuum, changed > most_changed and may_analyze as analyze
    from limits
    where dead > most_dead or (changed > most_changed and may_analyze)
    order by name
  `.execute(db)
  const done: VacuumDone[] = []
  for (const { name, vacuum, analyze } of rows) {
    if (done.length > 0)
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_STATEMENTS_MS))
    // One statement each, outside any transaction (VACUUM refuses to run in one).
    const statement = vacuum ? `vacuum${analyze ? ' (analyze)' : ''} ${name}` : `analyze ${name}`
    const started = performance.now()
    await sql.raw(statement).execute(db)
    done.push({ statement, ms: Math.round(performance.now() - started) })
  }
  return done
}

/**
 * The periodic job that runs `vacuum` (the database's own, on the embedded engine) every
 * `EMBEDDED_VACUUM_EVERY_MS` on one node, logging what it did: slow statements at info.
 */
export function embeddedVacuumJob(
  vacuum: () => Promise<VacuumDone[]>,
  log: {
    info(details: object, message: string): void
    debug(details: object, message: string): void
  },
): PeriodicJob {
  return {
    name: 'embedded-vacuum',
    everyMs: EMBEDDED_VACUUM_EVERY_MS,
    run: async () => {
      const done = await vacuum()
      if (done.length === 0) return
      const slow = done.some(({ ms }) => ms >= SLOW_VACUUM_MS)
      log[slow ? 'info' : 'debug']({ done }, 'embedded database vacuumed')
    },
  }
}
