import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { createMenuAdminRepository } from './menu-admin-repository'
import { registerMenuAdminRoutes } from './menu-admin-routes'
import { createMenuAdminService, type MenuEditor } from './menu-admin-service'
import { createPhotoStore } from './menu-photos'

/**
 * Until the staff foundation lands: managers by a fixed token, the audit log in memory.
 * Replaced by the app's own wiring (requireManager, the audit log) when it does.
 */
export function menuAdminTestWiring() {
  const managers = new Map<string, MenuEditor>([
    ['demo-manager', { id: 'm-demo', restaurantId: 'demo', name: 'Demo manager' }],
    ['other-manager', { id: 'm-other', restaurantId: 'other', name: 'Other manager' }],
  ])
  const audited: Record<string, unknown>[] = []
  const header = 'x-manager-token'
  const requireManager = (request: FastifyRequest) => {
    const token = request.headers[header]
    const manager = typeof token === 'string' ? managers.get(token) : undefined
    if (!manager) throw new HttpError(401, 'unauthorized', 'Sign in as a manager.')
    return Promise.resolve(manager)
  }
  let database: Kysely<Database> | undefined
  return {
    header,
    demoToken: 'demo-manager',
    otherToken: 'other-manager',
    refusedTokens: ['a-waiter-token'],
    audited,
    register(app: FastifyInstance, db: Kysely<Database>, photosDir: string) {
      database = db
      void app.register(
        (api) => {
          registerMenuAdminRoutes(api, {
            service: createMenuAdminService({
              repository: createMenuAdminRepository(database ?? db),
              audit: {
                record: (_trx, manager, entry) => {
                  audited.push({ manager: manager.restaurantId, ...entry })
                  return Promise.resolve()
                },
              },
              cache: app.menuCache,
              outbox: app.outbox,
            }),
            requireManager,
            photos: createPhotoStore(photosDir),
          })
          return Promise.resolve()
        },
        { prefix: '/api/v1' },
      )
    },
  }
}

export type MenuAdminTestWiring = ReturnType<typeof menuAdminTestWiring>
