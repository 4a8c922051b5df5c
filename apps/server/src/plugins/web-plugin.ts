import fp from 'fastify-plugin'
import { firstScreenDrawer, loadFirstScreenRenderer } from '../features/menu/first-screen'
import { firstDishPhotos } from '../features/menu/menu-snapshot'
import { registerMedia } from './media'
import { registerSpa } from './spa'

/** Dish photos a phone shows without scrolling on the menu (the first card, and the next). */
const FIRST_SCREEN_PHOTOS = 2

/** The web app and the demo's pictures; a menu's first screen drawn on the server. */
export const webPlugin = fp(
  async (app) => {
    const { config, menuCache, restaurants } = app
    await registerMedia(app)
    const renderFirstScreen = await loadFirstScreenRenderer(config.webDist)
    await registerSpa(app, config, app.realtime.credentials.key, {
      firstPictures: (restaurantId, menuId) => {
        const snapshot = menuCache.peek(restaurantId)
        return snapshot ? firstDishPhotos(snapshot, menuId, FIRST_SCREEN_PHOTOS) : []
      },
      firstScreen:
        renderFirstScreen &&
        firstScreenDrawer({
          render: renderFirstScreen,
          menu: (restaurantId) => menuCache.get(restaurantId),
          restaurant: (restaurantId) => restaurants.get(restaurantId),
        }),
    })
  },
  { name: 'web', dependencies: ['context', 'realtime', 'menu-cache', 'restaurants'] },
)
