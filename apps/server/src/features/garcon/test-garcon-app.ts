import Fastify, { type FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Database } from '../../db/schema'
import { seedDemo } from '../../db/seed-demo'
import { registerRateLimits } from '../../http/rate-limits'
import { installErrorHandler } from '../../plugins/error-handler'
import { createSignInDevices } from '../../lib/sign-in-devices'
import { rateLimitPolicy } from '../../rate-limit-policy'
import type { TestDatabaseKind } from '../../test/test-database'
import { ChannelAuthorizer, registerChannelAuthorization } from '../realtime/channel-authorization'
import type { RealtimeCredentials } from '../realtime/credentials'
import { Outbox } from '../outbox/outbox'
import { createGarconAuth, type GarconAuth } from './garcon-auth'
import { garconChannelRule, registerGarconRoutes } from './garcon-routes'
import { createWaiterTablesService } from './waiter-tables-service'
import { registerWaiterTableRoutes } from './waiter-tables-routes'

/** Where a test signs a waiter in from when it calls the service itself. */
export const TEST_PLACE = {
  address: '192.0.2.1',
  device: undefined,
  newDevice: 'test-device-0000000000',
}

export interface GarconTestApp {
  app: FastifyInstance
  db: Kysely<Database>
  auth: GarconAuth
  credentials: RealtimeCredentials
  /** The service's clock; tests move it. */
  clock: { now: Date }
  close(): Promise<void>
}

/** The waiter routes and channel rule on a seeded database, composed the way app.ts does. */
export async function startGarconApp(kind: TestDatabaseKind): Promise<GarconTestApp> {
  const database = await kind.open()
  await seedDemo(database.db)
  const clock = { now: new Date() }
  const auth = createGarconAuth(database.db, { now: () => clock.now })
  const credentials = { appId: '100001', key: 'garcon-key', secret: 'garcon-secret' }
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  await registerRateLimits(app, { redisUrl: null, policy: rateLimitPolicy('/api/v1') })
  const channels = new ChannelAuthorizer()
  channels.add(garconChannelRule(auth))
  registerChannelAuthorization(app, credentials, channels)
  await app.register(
    (api) => {
      registerGarconRoutes(api, auth, createSignInDevices('garcon-test-key', '/api/v1/auth'))
      // Nothing delivers the outbox here: these tests listen to no channel.
      const outbox = new Outbox({
        db: database.db,
        broadcaster: { publish: () => Promise.resolve() },
      })
      registerWaiterTableRoutes(
        api,
        createWaiterTablesService({ db: database.db, outbox }),
        auth.requireWaiter,
      )
      return Promise.resolve()
    },
    { prefix: '/api/v1' },
  )
  await app.ready()
  return {
    app,
    db: database.db,
    auth,
    credentials,
    clock,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
