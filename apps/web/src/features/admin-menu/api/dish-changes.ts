import type { EndpointBody } from '@tableside/contracts/endpoint'
import {
  createAdminDish,
  deleteAdminDish,
  orderAdminDishes,
  setAdminDishAvailability,
  updateAdminDish,
} from '@tableside/contracts/menu-admin'
import type { MenuChange } from './save-menu'

type DishBody = EndpointBody<typeof createAdminDish>

/** A new dish (`dishId` null) or the dish changed. */
export const saveDish =
  (dishId: string | null, body: DishBody): MenuChange =>
  (api) =>
    dishId
      ? api.callEndpoint(updateAdminDish, { params: { dishId }, body })
      : api.callEndpoint(createAdminDish, { body })

export const deleteDish =
  (dishId: string): MenuChange =>
  (api) =>
    api.callEndpoint(deleteAdminDish, { params: { dishId } })

/** On or off the stop-list. */
export const setDishAvailability =
  (dishId: string, available: boolean): MenuChange =>
  (api) =>
    api.callEndpoint(setAdminDishAvailability, { params: { dishId }, body: { available } })

export const orderDishes =
  (categoryId: string, dishIds: string[]): MenuChange =>
  (api) =>
    api.callEndpoint(orderAdminDishes, { body: { categoryId, dishIds } })
