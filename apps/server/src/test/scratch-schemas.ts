import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

/**
 * `count` empty schemas of the PostgreSQL server at `url`, made before the file's tests and
 * dropped after them (after the file's own `afterAll`, which runs first): nodes of one cluster,
 * each test file in schemas nobody else uses.
 */
export function useScratchSchemas(url: string, count: number): readonly string[] {
  const schemas = Array.from({ length: count }, () => `test_${randomBytes(6).toString('hex')}`)
  const run = (statements: readonly string[]) =>
    withAdminClient(url, async (client) => {
      for (const statement of statements) await client.query(statement)
    })
  beforeAll(() => run(schemas.map((schema) => `create schema ${schema}`)))
  afterAll(() => run(schemas.map((schema) => `drop schema ${schema} cascade`)))
  return schemas
}

/** A connection of its own to the server at `url` for `work` (to look at or cut others). */
export async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * Nodes of one cluster for the file's tests: `count` scratch schemas (see `useScratchSchemas`),
 * `nodeOn(schema)` opening a node there with `open`, every node opened so far (each closed after
 * the file's tests, before the schemas are dropped), and `admin` for a connection of one's own.
 */
export function useScratchCluster<Node extends { close(): Promise<void> }>(
  url: string,
  count: number,
  open: (schema: string) => Node,
): {
  schemas: readonly string[]
  nodeOn: (schema: string) => Node
  opened: readonly Node[]
  admin: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T>
} {
  const schemas = useScratchSchemas(url, count)
  const opened: Node[] = []
  afterAll(async () => {
    await Promise.all(opened.map((node) => node.close()))
  })
  const nodeOn = (schema: string) => {
    const node = open(schema)
    opened.push(node)
    return node
  }
  return { schemas, nodeOn, opened, admin: (work) => withAdminClient(url, work) }
}
