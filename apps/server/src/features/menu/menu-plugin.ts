import { join } from 'node:path'
import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { registerMenuAdminRoutes } from './menu-admin-routes'
import { createMenuAdminRepository } from './menu-admin-repository'
import { createMenuAdminService } from './menu-admin-service'
import { createPhotoStore } from './menu-photos'
import { createPhotoTurns } from './photo-turns'
import { BUILT_PHOTO_WORKER, createPhotoWork } from './photo-work'
import { createPhotoRepository } from './photo-repository'
import { registerPhotoRoutes } from './photo-routes'
import { registerMenuRoutes } from './menu-routes'

/**
 * Photos nothing uses any more are swept after a save that drops one, and hourly for what the
 * CLI or another node's saves stopped using (0078).
 */
const PHOTO_SWEEP_MS = 60 * 60_000

/**
 * The menu diners read, and the manager's: checked edits of the menu file and photos, kept in
 * the database and served from it at `/media/photos/…` (decisions 0064, 0065, 0078, 0106).
 */
export const menuPlugin = fp<{ photoWorker?: string }>(
  async (app, { photoWorker = BUILT_PHOTO_WORKER }) => {
    const { menuCache, staff } = app
    const photoRepository = createPhotoRepository(app.db)
    const work = createPhotoWork({ script: photoWorker })
    app.addHook('onClose', () => {
      work.close()
      return Promise.resolve()
    })
    const turns = createPhotoTurns({ locks: app.clusterLocks })
    const photos = createPhotoStore(photoRepository, { work, turns })
    const menuAdmin = createMenuAdminService({
      repository: createMenuAdminRepository(app.db),
      audit: app.audit,
      cache: menuCache,
      outbox: app.outbox,
      mediaOrigins: app.config.mediaOrigins,
      photos,
      log: app.log,
    })
    app.addHook('onReady', async () => {
      // Before the node serves: an upgraded one shows its older release's photos at once.
      await menuAdmin.importPhotoFiles(join(app.config.dataDir, 'photos'))
    })
    // The photos are the cluster's, in its database: one node sweeps them (decision 0103).
    app.periodicJobs.add({
      name: 'photo-sweep',
      everyMs: PHOTO_SWEEP_MS,
      run: menuAdmin.sweepPhotos,
    })
    registerPhotoRoutes(app, photoRepository)
    await registerApiRoutes(app, (api) => {
      registerMenuRoutes(api, menuCache)
      registerMenuAdminRoutes(api, {
        service: menuAdmin,
        requireManager: staff.requireManager,
        photos,
      })
    })
  },
  { name: 'menu', dependencies: ['context', 'outbox', 'menu-cache', 'staff', 'audit'] },
)
