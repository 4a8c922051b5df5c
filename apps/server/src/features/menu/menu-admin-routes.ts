import type { FastifyInstance, FastifyRequest } from 'fastify'
import { menuFileImport } from '@tableside/contracts/menu-file-import'
import {
  createAdminCategory,
  createAdminDish,
  deleteAdminCategory,
  deleteAdminDish,
  deleteAdminMenu,
  getAdminMenu,
  importAdminMenu,
  orderAdminCategories,
  orderAdminDishes,
  saveAdminMenu,
  saveAdminStories,
  setAdminDishAvailability,
  updateAdminCategory,
  updateAdminDish,
  uploadAdminPhoto,
  MAX_PHOTO_BYTES,
} from '@tableside/contracts/menu-admin'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import type { MenuAdminService, MenuEditor } from './menu-admin-service'
import type { PhotoStore } from './menu-photos'
import { PhotoLineFull } from './photo-turns'

export interface MenuAdminRouteDeps {
  service: MenuAdminService
  /** From the app layer (the staff feature): 401 without a manager's valid token. */
  requireManager: (request: FastifyRequest) => Promise<MenuEditor>
  photos: PhotoStore
}

/** The back office's menu API: thin handlers, the manager's restaurant from the token. */
export function registerMenuAdminRoutes(
  app: FastifyInstance,
  { service, requireManager, photos }: MenuAdminRouteDeps,
): void {
  void app.register((scope) => {
    // Only a manager's upload is read at all: the token is checked before the body arrives.
    scope.addHook('onRequest', async (request) => {
      await requireManager(request)
    })
    scope.addContentTypeParser(
      /^image\/[\w.+-]+$/,
      { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
      (_request, body, done) => {
        done(null, body)
      },
    )
    registerEndpoint(scope, uploadAdminPhoto, async ({ request, reply }) => {
      const manager = await requireManager(request)
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the photo itself as image/*.')
      }
      try {
        return await photos.save(manager.restaurantId, request.body)
      } catch (error) {
        if (error instanceof PhotoLineFull) {
          void reply.header('retry-after', String(error.retryAfterSeconds))
        }
        throw error
      }
    })
    return Promise.resolve()
  })

  registerEndpoint(app, getAdminMenu, async ({ request }) =>
    service.read(await requireManager(request)),
  )
  registerEndpoint(app, saveAdminMenu, async ({ request, params, body }) =>
    service.saveMenu(await requireManager(request), params.menuId, body),
  )
  registerEndpoint(app, deleteAdminMenu, async ({ request, params }) =>
    service.deleteMenu(await requireManager(request), params.menuId),
  )
  registerEndpoint(app, createAdminDish, async ({ request, body }) =>
    service.createDish(await requireManager(request), body.categoryId, body.dish),
  )
  registerEndpoint(app, updateAdminDish, async ({ request, params, body }) =>
    service.updateDish(await requireManager(request), params.dishId, body.categoryId, body.dish),
  )
  registerEndpoint(app, deleteAdminDish, async ({ request, params }) =>
    service.deleteDish(await requireManager(request), params.dishId),
  )
  registerEndpoint(app, setAdminDishAvailability, async ({ request, params, body }) =>
    service.setDishAvailability(await requireManager(request), params.dishId, body.available),
  )
  registerEndpoint(app, createAdminCategory, async ({ request, body }) =>
    service.createCategory(
      await requireManager(request),
      body.menuId,
      body.parentId,
      body.category,
    ),
  )
  registerEndpoint(app, updateAdminCategory, async ({ request, params, body }) =>
    service.updateCategory(await requireManager(request), params.categoryId, body),
  )
  registerEndpoint(app, deleteAdminCategory, async ({ request, params }) =>
    service.deleteCategory(await requireManager(request), params.categoryId),
  )
  registerEndpoint(app, orderAdminCategories, async ({ request, body }) =>
    service.orderCategories(
      await requireManager(request),
      body.menuId,
      body.parentId,
      body.categoryIds,
    ),
  )
  registerEndpoint(app, orderAdminDishes, async ({ request, body }) =>
    service.orderDishes(await requireManager(request), body.categoryId, body.dishIds),
  )
  registerEndpoint(app, saveAdminStories, async ({ request, body }) =>
    service.saveStories(await requireManager(request), body.stories),
  )
  // A file a person wrote may leave out the fields with defaults, as `npm run menu:import` allows.
  registerEndpoint(app, { ...importAdminMenu, body: menuFileImport }, async ({ request, body }) =>
    service.importFile(await requireManager(request), body),
  )
}
