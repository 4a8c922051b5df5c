import pg from 'pg'

/**
 * Which node of a cluster runs the periodic jobs (issue 26: a round once per cluster, not once
 * per node). Asked before every round: a node that holds the lock runs it, the others skip it.
 */
export interface JobLock {
  /** Whether this node holds the lock now (taking it if nobody does); never throws. */
  held(): Promise<boolean>
  close(): Promise<void>
}

/** The embedded database serves one process (its data directory is locked): that one runs them. */
export const soleNodeJobLock: JobLock = {
  held: () => Promise.resolve(true),
  close: () => Promise.resolve(),
}

/**
 * A PostgreSQL session-level advisory lock on a connection of its own (decision 0103): the node
 * whose connection holds it runs the rounds. When that node dies, or its connection drops, the
 * server ends the session and frees the lock, and the next node to ask takes it. The lock is
 * named after the schema, so test runs that share a server in schemas of their own never share
 * it. Each ask on the holder costs one `select 1`, which also notices a dropped connection.
 */
export function advisoryJobLock(options: {
  connectionString: string
  schema?: string | undefined
  connectTimeoutMs: number
}): JobLock {
  let client: pg.Client | undefined
  let holding = false
  let asking: Promise<boolean> | undefined
  let closed = false

  const drop = () => {
    const lost = client
    client = undefined
    holding = false
    lost?.end().catch(() => undefined)
  }

  const ask = async (): Promise<boolean> => {
    try {
      if (!client) {
        const fresh = new pg.Client({
          connectionString: options.connectionString,
          connectionTimeoutMillis: options.connectTimeoutMs,
          ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
        })
        // Without a listener a dropped connection's error would end the process.
        fresh.on('error', () => {
          if (client === fresh) drop()
        })
        client = fresh
        await fresh.connect()
      }
      if (holding) {
        await client.query('select 1')
        return true
      }
      const { rows } = await client.query<{ taken: boolean }>(
        "select pg_try_advisory_lock(hashtext('tableside:periodic-jobs:' || current_schema())) as taken",
      )
      holding = rows[0]?.taken === true
      return holding
    } catch {
      drop()
      return false
    }
  }

  return {
    held() {
      if (closed) return Promise.resolve(false)
      // One question at a time: two rounds asking at once share the answer.
      asking ??= ask().finally(() => {
        asking = undefined
      })
      return asking
    },
    async close() {
      closed = true
      await asking
      const last = client
      client = undefined
      holding = false
      // Ending the session frees the lock for the next node at once.
      await last?.end().catch(() => undefined)
    },
  }
}
