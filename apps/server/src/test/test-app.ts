import type { FastifyInstance } from 'fastify'
import { SandboxAcquirer } from '../adapters/sandbox-acquirer/sandbox-acquirer'
import { SandboxSms } from '../adapters/sms/sandbox-sms'
import { buildApp } from '../app'
import { loadConfig, type ServerConfig } from '../config/env'
import type { DatabaseHandle } from '../db/database'
import { seedDemo } from '../db/seed-demo'
import { createMenuRepository } from '../features/menu/menu-repository'
import { createMenuService, type MenuService } from '../features/menu/menu-service'
import type { TestDatabaseKind } from './test-database'
import { testPhotoWorker } from './test-photo-worker'

/** Signs the sandbox acquirer's webhooks in tests (a test forges others with it). */
export const TEST_SANDBOX_SECRET = 'test-sandbox-acquirer-secret-0123456789'

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  config: ServerConfig
  /** The clock the app was given (waiter calls and their escalation), if any. */
  now?: () => Date
  /** Menu imports and stop-lists, as the menu command runs them against the app's cache. */
  menu: MenuService
  close(): Promise<void>
}

/** The real app on a fresh, migrated and seeded database, ready for `app.inject`. */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  now?: () => Date,
): Promise<TestApp> {
  const database = await kind.open()
  await seedDemo(database.db)
  return startTestApp(database, env, beforeReady, now)
}

/** The real app on a database that already holds what the test needs (an upgraded one, say). */
export function startTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  now?: () => Date,
): Promise<TestApp> {
  return start(testConfig(env), database, beforeReady, now)
}

function testConfig(env: Record<string, string>): ServerConfig {
  return loadConfig({
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    REALTIME_APP_ID: '100001',
    REALTIME_APP_KEY: 'test-app-key',
    REALTIME_APP_SECRET: 'test-app-secret',
    SANDBOX_ACQUIRER_SECRET: TEST_SANDBOX_SECRET,
    PAYMENT_PROVIDER: 'sandbox',
    ...env,
  })
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
  const app = await buildApp({
    config,
    database,
    photoWorker: await testPhotoWorker(),
    ...(now ? { now } : {}),
  })
  beforeReady?.(app)
  await app.ready()
  return {
    app,
    database,
    config,
    ...(now ? { now } : {}),
    menu: menuOf(app),
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** The app's payment provider, the sandbox acquirer (the test app's unless told otherwise). */
export function sandboxAcquirerOf(app: FastifyInstance): SandboxAcquirer {
  const provider = app.paymentProvider
  if (!(provider instanceof SandboxAcquirer)) throw new Error('The app runs no sandbox acquirer')
  return provider
}

/** The app's SMS gateway, the sandbox (`SMS_PROVIDER=sandbox`), whose outbox has the codes. */
export function smsSandboxOf(app: FastifyInstance): SandboxSms {
  const provider = app.smsProvider
  if (!(provider instanceof SandboxSms)) throw new Error('The app sends no SMS through the sandbox')
  return provider
}

/** Menu imports and stop-lists on the app's database, served through its cache and outbox. */
export function menuOf(app: FastifyInstance): MenuService {
  return createMenuService({
    repository: createMenuRepository(app.db),
    cache: app.menuCache,
    outbox: app.outbox,
    mediaOrigins: app.config.mediaOrigins,
  })
}
