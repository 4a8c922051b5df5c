import type { EndpointBody } from '@tableside/contracts/endpoint'
import {
  createAdminCategory,
  deleteAdminCategory,
  orderAdminCategories,
  updateAdminCategory,
} from '@tableside/contracts/menu-admin'
import type { MenuChange } from './save-menu'

export const createCategory =
  (body: EndpointBody<typeof createAdminCategory>): MenuChange =>
  (api) =>
    api.callEndpoint(createAdminCategory, { body })

export const updateCategory =
  (categoryId: string, body: EndpointBody<typeof updateAdminCategory>): MenuChange =>
  (api) =>
    api.callEndpoint(updateAdminCategory, { params: { categoryId }, body })

export const deleteCategory =
  (categoryId: string): MenuChange =>
  (api) =>
    api.callEndpoint(deleteAdminCategory, { params: { categoryId } })

export const orderCategories =
  (body: EndpointBody<typeof orderAdminCategories>): MenuChange =>
  (api) =>
    api.callEndpoint(orderAdminCategories, { body })
