import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import { loadConfig, type ServerConfig } from '../config/env'
import type { DatabaseHandle } from '../db/database'
import { seedDemo } from '../db/seed-demo'
import type { TestDatabaseKind } from './test-database'

/** Signs the sandbox acquirer's webhooks in tests (a test forges others with it). */
export const TEST_SANDBOX_SECRET = 'test-sandbox-acquirer-secret-0123456789'

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  config: ServerConfig
  /** The clock the app was given (waiter calls and their escalation), if any. */
  now?: () => Date
  close(): Promise<void>
}

/** The real app on a fresh, migrated and seeded database, ready for `app.inject`. */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  now?: () => Date,
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    REALTIME_APP_ID: '100001',
    REALTIME_APP_KEY: 'test-app-key',
    REALTIME_APP_SECRET: 'test-app-secret',
    SANDBOX_ACQUIRER_SECRET: TEST_SANDBOX_SECRET,
    PAYMENT_PROVIDER: 'sandbox',
    ...env,
  })
  const database = await kind.open()
  await seedDemo(database.db)
  return start(config, database, beforeReady, now)
}

/**
 * The app stopped and started again on the same database, as after a crash or a deploy: what
 * it had written (payments, the acquirer's outbox) is all the new one knows.
 */
export async function restartTestApp(
  t: TestApp,
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  await t.app.close()
  return start(t.config, t.database, beforeReady, t.now)
}

async function start(
  config: ServerConfig,
  database: DatabaseHandle,
  beforeReady?: (app: FastifyInstance) => void,
  now?: () => Date,
): Promise<TestApp> {
  const app = await buildApp({ config, database, ...(now ? { now } : {}) })
  beforeReady?.(app)
  await app.ready()
  return {
    app,
    database,
    config,
    ...(now ? { now } : {}),
    async close() {
      await app.close()
      await database.close()
    },
  }
}
