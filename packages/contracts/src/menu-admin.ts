import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { dishFile, menuFile, storedMenuFile, storyFile } from './menu-file'
import { localizedText, slugId } from './text'
import { vatRate } from './admin-profile'

/**
 * The back office's menu (issue 17, decision 0064). The manager's restaurant comes from the
 * manager's token: no path names a restaurant. Every save answers with the whole menu as the
 * import/export file, so the screen shows exactly what was stored.
 */
export const adminMenu = z.object({
  /** The menu's version after the change: the same as the diners' menu ETag carries. */
  version: z.string(),
  file: storedMenuFile,
})
export type AdminMenu = z.infer<typeof adminMenu>

const tags = ['admin', 'menu']
const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM'))

export const getAdminMenu = defineEndpoint({
  method: 'GET',
  path: '/admin/menu',
  summary: "The manager's restaurant's whole menu, as the import/export file",
  tags,
  status: 200,
  response: adminMenu,
})

export const saveMenuBody = z.object({
  name: localizedText,
  description: z.optional(localizedText),
  servedFrom: z.optional(clockTime),
  servedUntil: z.optional(clockTime),
})

export const saveAdminMenu = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/menus/:menuId',
  summary: 'Creates a menu or changes its name, description and hours',
  tags,
  params: z.object({ menuId: slugId }),
  body: saveMenuBody,
  status: 200,
  response: adminMenu,
})

export const deleteAdminMenu = defineEndpoint({
  method: 'DELETE',
  path: '/admin/menu/menus/:menuId',
  summary:
    'Deletes a menu with its categories and dishes (409 last_menu: a restaurant keeps one menu)',
  tags,
  params: z.object({ menuId: slugId }),
  status: 200,
  response: adminMenu,
})

export const dishBody = z.object({
  categoryId: slugId,
  dish: dishFile,
})
export type DishBody = z.input<typeof dishBody>

export const createAdminDish = defineEndpoint({
  method: 'POST',
  path: '/admin/menu/dishes',
  summary: 'Adds a dish at the end of its category',
  tags,
  body: dishBody,
  status: 201,
  response: adminMenu,
})

export const updateAdminDish = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/dishes/:dishId',
  summary: "Changes a dish (its id stays); a new category moves it to that category's end",
  tags,
  params: z.object({ dishId: slugId }),
  body: dishBody,
  status: 200,
  response: adminMenu,
})

export const deleteAdminDish = defineEndpoint({
  method: 'DELETE',
  path: '/admin/menu/dishes/:dishId',
  summary: 'Takes a dish off the menu for good (the stop-list is for a day)',
  tags,
  params: z.object({ dishId: slugId }),
  status: 200,
  response: adminMenu,
})

export const setAdminDishAvailability = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/dishes/:dishId/availability',
  summary: 'Puts a dish on the stop-list (available: false) or back on sale',
  tags,
  params: z.object({ dishId: slugId }),
  body: z.object({ available: z.boolean() }),
  status: 200,
  response: adminMenu,
})

/** A category's own fields, as in the menu file (its dishes and children are saved apart). */
const categoryFields = z.object({
  id: slugId,
  name: localizedText,
  description: z.optional(localizedText),
  /** Its dishes' VAT rate on receipts; absent: the restaurant's (decision 0133). */
  vatRate: z.optional(vatRate),
})

export const categoryBody = z.object({
  menuId: slugId,
  /** Null for a top-level category. */
  parentId: z.nullable(slugId),
  category: categoryFields,
})
export type CategoryBody = z.input<typeof categoryBody>

export const createAdminCategory = defineEndpoint({
  method: 'POST',
  path: '/admin/menu/categories',
  summary: 'Adds a category at the end of its parent (or of its menu)',
  tags,
  body: categoryBody,
  status: 201,
  response: adminMenu,
})

export const updateAdminCategory = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/categories/:categoryId',
  summary:
    "Changes a category's name, description and VAT rate (left out: none, the restaurant's rate)",
  tags,
  params: z.object({ categoryId: slugId }),
  body: z.object({
    name: localizedText,
    description: z.optional(localizedText),
    vatRate: z.optional(vatRate),
  }),
  status: 200,
  response: adminMenu,
})

export const deleteAdminCategory = defineEndpoint({
  method: 'DELETE',
  path: '/admin/menu/categories/:categoryId',
  summary: 'Deletes an empty category (409 category_not_empty while it holds anything)',
  tags,
  params: z.object({ categoryId: slugId }),
  status: 200,
  response: adminMenu,
})

export const orderAdminCategories = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/category-order',
  summary:
    'The categories under one parent, in order; a category from elsewhere in the menu moves there',
  tags,
  body: z.object({
    menuId: slugId,
    parentId: z.nullable(slugId),
    categoryIds: z.array(slugId).check(z.maxLength(100)),
  }),
  status: 200,
  response: adminMenu,
})

export const orderAdminDishes = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/dish-order',
  summary: "A category's dishes, in order; a dish from another category moves there",
  tags,
  body: z.object({
    categoryId: slugId,
    dishIds: z.array(slugId).check(z.maxLength(500)),
  }),
  status: 200,
  response: adminMenu,
})

export const saveAdminStories = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/stories',
  summary: 'All the stories above the menu, in order, with their periods',
  tags,
  body: z.object({ stories: z.array(storyFile).check(z.maxLength(50)) }),
  status: 200,
  response: adminMenu,
})

export const importAdminMenu = defineEndpoint({
  method: 'POST',
  path: '/admin/menu/import',
  summary: "Replaces the whole menu and stories with a menu file's (the same checks as the CLI)",
  tags,
  // The file as the export writes it. The server takes what the CLI takes, a file that leaves
  // out the fields with defaults too (`menu-file-import.ts`, which the web never loads).
  body: menuFile,
  status: 200,
  response: adminMenu,
})

/** An uploaded photo, turned into the sizes the menu shows (see `photo-sources.ts`). */
export const uploadedPhoto = z.object({
  /** The middle size as WebP: what `image.url` holds; the other sizes follow from it. */
  url: z.string(),
  /** The picture's main colour, shown while it loads. */
  color: z.string(),
  width: z.int(),
  height: z.int(),
})
export type UploadedPhoto = z.infer<typeof uploadedPhoto>

/** The most a photo upload may weigh; its pixels are limited too (decision 0065). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

export const uploadAdminPhoto = defineEndpoint({
  method: 'POST',
  path: '/admin/menu/photos',
  summary: 'A JPEG, PNG, WebP, AVIF or GIF photo as the raw body (image/*): stored in every size',
  tags,
  status: 201,
  response: uploadedPhoto,
})
