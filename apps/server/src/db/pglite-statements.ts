import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite'
import { LRUCache } from 'lru-cache'

/** Statements kept prepared at most; the least recently run are closed to make room. */
export const MOST_PREPARED = 256

/** A statement that changes the schema: plans prepared before it may no longer fit. */
const SCHEMA_CHANGE = /(?:^|;)\s*(?:create|alter|drop|truncate|comment)\b/i

/**
 * `on conflict (…) where …` names a partial unique index by its predicate, which must be
 * constants: a generic plan, with the predicate's values as parameters, finds no index and the
 * statement fails from its sixth run on. Such statements are planned afresh each time.
 */
const ARBITER_PREDICATE = /\bon conflict\s*\([^)]*\)\s*where\b/i

/** "cached plan must not change result type": a table a prepared `select *` reads has changed. */
const PLAN_CHANGED = '0A000'

/** Names are unique in the process, so two of these on one engine never take each other's. */
let named = 0

/**
 * How long a statement keeps its plans before it is prepared afresh. The embedded engine has no
 * autovacuum, so nothing tells a kept plan that its tables have grown: a plan made while the
 * orders table was small was used as it grew, and cost more than planning afresh (decision 0125).
 */
export const PLAN_MOST_AGE_MS = 10_000

interface Prepared {
  preparedAt: number
  name: string
  /** The parameters' types as the database inferred them, to write each value as it expects. */
  types: number[]
}

/**
 * The embedded engine's statements with parameters, each parsed and planned once and kept
 * prepared under a name of its own: PGlite's `query` parses, describes and plans every statement
 * afresh, in six calls into the engine, and planning the order statement cost more than running
 * it (issue 31). A run is one call: bind, describe, execute and sync in one message. Postgres
 * plans a prepared statement for its values the first five times, then keeps a generic plan only
 * if it is no dearer, as for any client that prepares; each is prepared afresh after
 * `PLAN_MOST_AGE_MS`.
 */
export class PreparedStatements {
  readonly #client: PGlite
  readonly #prepared: LRUCache<string, Prepared>
  readonly #clock: () => number
  /** Names evicted from the cache, closed in front of the next message sent. */
  #toClose: string[] = []

  constructor(
    client: PGlite,
    {
      max = MOST_PREPARED,
      clock = () => performance.now(),
    }: { max?: number; clock?: () => number } = {},
  ) {
    this.#client = client
    this.#clock = clock
    this.#prepared = new LRUCache({
      max,
      dispose: ({ name }) => this.#toClose.push(name),
    })
  }

  /** Runs `sql` with `params` as PGlite's `query` would, with the same rows, types and errors. */
  async query<R>(sql: string, params: readonly unknown[]): Promise<Results<R>> {
    const client = this.#client
    if (ARBITER_PREDICATE.test(sql)) return client.query<R>(sql, [...params])
    await client._checkReady()
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await this.#run<R>(sql, params)
        } catch (error) {
          if (error instanceof Error && 'code' in error && error.code === PLAN_CHANGED) {
            this.#prepared.delete(sql)
          }
          // As PGlite's own errors say which statement failed.
          if (error instanceof Error) Object.assign(error, { query: sql, params })
          throw error
        }
      }),
    )
  }

  /** Forgets every prepared statement after `sql` ran, when it may have changed the schema. */
  afterScript(sql: string): void {
    if (SCHEMA_CHANGE.test(sql)) this.#prepared.clear()
  }

  async #run<R>(sql: string, params: readonly unknown[]): Promise<Results<R>> {
    let prepared = this.#prepared.get(sql)
    if (prepared && this.#clock() - prepared.preparedAt >= PLAN_MOST_AGE_MS) {
      this.#prepared.delete(sql)
      prepared = undefined
    }
    prepared ??= await this.#prepare(sql)
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null
      const serialize = this.#client.serializers[prepared.types[index] ?? 0]
      // As PGlite writes a value of a type it has no serializer for.
      return serialize ? serialize(param) : (param as { toString(): string }).toString()
    })
    const { messages } = await this.#client.execProtocol(
      concat([
        ...this.#closing(),
        protocol.serialize.bind({ statement: prepared.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    )
    return parse.parseResults(messages, this.#client.parsers)[0] as Results<R>
  }

  async #prepare(sql: string): Promise<Prepared> {
    const name = `tableside_${String(++named)}`
    const { messages } = await this.#client.execProtocol(
      concat([
        ...this.#closing(),
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const prepared = {
      preparedAt: this.#clock(),
      name,
      types: parse.parseDescribeStatementResults(messages),
    }
    this.#prepared.set(sql, prepared)
    return prepared
  }

  /** Close messages for the statements evicted since the last message. */
  #closing(): Uint8Array[] {
    const names = this.#toClose
    this.#toClose = []
    return names.map((name) => protocol.serialize.close({ type: 'S', name }))
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}
