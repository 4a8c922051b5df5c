import type { EndpointBody } from '@tableside/contracts/endpoint'
import {
  deleteAdminMenu,
  importAdminMenu,
  saveAdminMenu,
  saveAdminStories,
} from '@tableside/contracts/menu-admin'
import type { MenuChange } from './save-menu'

/** A new menu or the menu changed: its name, description and hours. */
export const saveMenu =
  (menuId: string, body: EndpointBody<typeof saveAdminMenu>): MenuChange =>
  (api) =>
    api.callEndpoint(saveAdminMenu, { params: { menuId }, body })

export const deleteMenu =
  (menuId: string): MenuChange =>
  (api) =>
    api.callEndpoint(deleteAdminMenu, { params: { menuId } })

/** The whole menu replaced by a file's. */
export const importMenu =
  (file: EndpointBody<typeof importAdminMenu>): MenuChange =>
  (api) =>
    api.callEndpoint(importAdminMenu, { body: file })

export const saveStories =
  (stories: EndpointBody<typeof saveAdminStories>['stories']): MenuChange =>
  (api) =>
    api.callEndpoint(saveAdminStories, { body: { stories } })
