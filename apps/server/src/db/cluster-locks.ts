import pg from 'pg'

/**
 * Named locks a node of the cluster holds while it works on something only one node may do at
 * a time (a restaurant's photo, decision 0110). Not reentrant: a name held on this node is not
 * taken again by it until released.
 */
export interface ClusterLocks {
  /** Takes `name` unless this or another node holds it: whether it did. */
  tryTake(name: string): Promise<boolean>
  release(name: string): Promise<void>
  close(): Promise<void>
}

/** The embedded database serves one process (its data directory is locked): it is the cluster. */
export function soleNodeLocks(): ClusterLocks {
  const held = new Set<string>()
  return {
    tryTake(name) {
      if (held.has(name)) return Promise.resolve(false)
      held.add(name)
      return Promise.resolve(true)
    },
    release(name) {
      held.delete(name)
      return Promise.resolve()
    },
    close: () => Promise.resolve(),
  }
}

/**
 * PostgreSQL session-level advisory locks on a connection of their own, opened at the first
 * ask: held until released, or until the node dies or loses that connection, when the server
 * frees them. Keys are two hashes, of the schema (test runs that share a server in schemas of
 * their own never share a lock) and of the name; a collision of two names only makes them wait
 * for each other.
 */
export function advisoryClusterLocks(options: {
  connectionString: string
  schema?: string | undefined
  connectTimeoutMs: number
}): ClusterLocks {
  const held = new Set<string>()
  let client: Promise<pg.Client> | undefined
  let closed = false
  const key = "hashtext('tableside:cluster-locks:' || current_schema()), hashtext($1)"

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
    // Without a listener a dropped connection's error would end the process; its locks are gone.
    fresh.on('error', () => {
      drop(fresh)
    })
    try {
      await fresh.connect()
      return fresh
    } catch (error) {
      drop(fresh)
      throw error
    }
  }
  const drop = (lost: pg.Client) => {
    client = undefined
    lost.end().catch(() => undefined)
  }
  const session = () => (client ??= connect())

  return {
    async tryTake(name) {
      if (closed || held.has(name)) return false
      held.add(name)
      try {
        const { rows } = await (
          await session()
        ).query<{ taken: boolean }>(`select pg_try_advisory_lock(${key}) as taken`, [name])
        if (rows[0]?.taken === true) return true
      } catch (error) {
        held.delete(name)
        throw error
      }
      held.delete(name)
      return false
    },
    async release(name) {
      if (!held.delete(name)) return
      // A connection lost since has freed it already.
      const current = await client?.catch(() => undefined)
      if (!current) return
      const unlocked = await current
        .query<{ unlocked: boolean }>(`select pg_advisory_unlock(${key}) as unlocked`, [name])
        .then(({ rows }) => rows[0]?.unlocked === true)
        .catch(() => false)
      // Not unlocked, the lock would stay held (and stack on this session's next take): ending
      // the connection makes the server free every lock it held.
      if (!unlocked) drop(current)
    },
    async close() {
      closed = true
      const last = client
      client = undefined
      await (await last?.catch(() => undefined))?.end().catch(() => undefined)
    },
  }
}
