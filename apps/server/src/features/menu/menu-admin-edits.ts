import type { CategoryFile, DishFile, MenuFile, StoryFile } from '@tableside/contracts/menu-file'
import type { AuditKind } from '@tableside/contracts/audit'
import { HttpError, notFound } from '../../http/http-error'

/**
 * The back office's changes as plain edits of the menu file (decision 0064): each returns the
 * new file and what the audit log records. The file is then checked with the import's rules.
 */
export interface MenuEdit {
  file: MenuFile
  audit: AuditKind & {
    entityId: string
    before: unknown
    after: unknown
  }
  availability?: { dishId: string; available: boolean }[]
  /** Where the edited thing sits in the new file, and the request field it came from. */
  fieldsAt?: { filePath: string; bodyPath: string }
}

const badField = (path: string, message: string) =>
  new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
    { path, message },
  ])

interface CategorySpot {
  category: CategoryFile
  siblings: CategoryFile[]
  menuId: string
  parent: CategoryFile | null
  path: string
}

function categorySpots(file: MenuFile): CategorySpot[] {
  const spots: CategorySpot[] = []
  const walk = (
    siblings: CategoryFile[],
    menuId: string,
    parent: CategoryFile | null,
    path: string,
  ) => {
    siblings.forEach((category, i) => {
      const at = `${path}.categories[${String(i)}]`
      spots.push({ category, siblings, menuId, parent, path: at })
      walk(category.categories, menuId, category, at)
    })
  }
  file.menus.forEach((menu, i) => {
    walk(menu.categories, menu.id, null, `menus[${String(i)}]`)
  })
  return spots
}

const findCategory = (file: MenuFile, id: string) =>
  categorySpots(file).find((spot) => spot.category.id === id)

function findDish(file: MenuFile, id: string) {
  for (const spot of categorySpots(file)) {
    const index = spot.category.dishes.findIndex((dish) => dish.id === id)
    const dish = spot.category.dishes[index]
    if (dish) return { ...spot, dish, index, path: `${spot.path}.dishes[${String(index)}]` }
  }
  return undefined
}

const dishPath = (file: MenuFile, id: string) => findDish(file, id)?.path ?? '(the file)'
const categoryPath = (file: MenuFile, id: string) => findCategory(file, id)?.path ?? '(the file)'

/** A copy to edit: the file read from the database is never changed in place. */
const copy = (file: MenuFile): MenuFile => structuredClone(file)

export function saveMenu(
  current: MenuFile,
  menuId: string,
  fields: Pick<MenuFile['menus'][number], 'name' | 'description' | 'servedFrom' | 'servedUntil'>,
): MenuEdit {
  const file = copy(current)
  const index = file.menus.findIndex((menu) => menu.id === menuId)
  const before = file.menus[index]
  const after = { ...(before ?? { categories: [] }), ...fields, id: menuId }
  if (before) file.menus[index] = after
  else file.menus.push(after)
  const own = ({ id, name, description, servedFrom, servedUntil }: typeof after) => ({
    id,
    name,
    description,
    servedFrom,
    servedUntil,
  })
  return {
    file,
    audit: {
      action: before ? 'update' : 'create',
      entity: 'menu',
      entityId: menuId,
      before: before ? own(before) : null,
      after: own(after),
    },
    fieldsAt: { filePath: `menus[${String(file.menus.indexOf(after))}]`, bodyPath: 'body' },
  }
}

/**
 * A menu goes with its categories and dishes (the screen asks first); stories that showed one of
 * its dishes stay, without the link. A restaurant keeps at least one menu: the file needs one.
 */
export function deleteMenu(current: MenuFile, menuId: string): MenuEdit {
  const file = copy(current)
  const index = file.menus.findIndex((menu) => menu.id === menuId)
  const menu = file.menus[index]
  if (!menu) throw notFound('There is no such menu.')
  if (file.menus.length === 1) {
    throw new HttpError(
      409,
      'last_menu',
      'A restaurant keeps at least one menu: add another first.',
    )
  }
  file.menus.splice(index, 1)
  const { categories, dishes } = menuSummary({ ...file, menus: [menu] })
  const gone = new Set(
    categorySpots({ ...file, menus: [menu] }).flatMap((spot) =>
      spot.category.dishes.map((dish) => dish.id),
    ),
  )
  file.stories = file.stories.map((story) =>
    story.dishId !== undefined && gone.has(story.dishId) ? { ...story, dishId: undefined } : story,
  )
  const { id, name, description, servedFrom, servedUntil } = menu
  return {
    file,
    audit: {
      action: 'delete',
      entity: 'menu',
      entityId: menuId,
      before: { id, name, description, servedFrom, servedUntil, categories, dishes },
      after: null,
    },
  }
}

export function createDish(current: MenuFile, categoryId: string, dish: DishFile): MenuEdit {
  const file = copy(current)
  const spot = findCategory(file, categoryId)
  if (!spot) throw badField('body.categoryId', `There is no category "${categoryId}"`)
  if (findDish(file, dish.id)) {
    throw badField('body.dish.id', `The dish id "${dish.id}" is already used`)
  }
  spot.category.dishes.push(dish)
  return {
    file,
    audit: { action: 'create', entity: 'dish', entityId: dish.id, before: null, after: dish },
    fieldsAt: { filePath: dishPath(file, dish.id), bodyPath: 'body.dish' },
  }
}

export function updateDish(
  current: MenuFile,
  dishId: string,
  categoryId: string,
  dish: DishFile,
): MenuEdit {
  const file = copy(current)
  const found = findDish(file, dishId)
  if (!found) throw notFound('There is no such dish on the menu.')
  if (dish.id !== dishId) throw badField('body.dish.id', "A dish's id cannot change")
  // The stop-list is its own one-tap switch: an editor opened before a tap saves the dish as it
  // was loaded, and must not put it back on sale (or take it off).
  const previous = found.category.dishes[found.index]
  if (previous) dish = { ...dish, available: previous.available }
  if (found.category.id === categoryId) {
    found.category.dishes[found.index] = dish
  } else {
    const target = findCategory(file, categoryId)
    if (!target) throw badField('body.categoryId', `There is no category "${categoryId}"`)
    found.category.dishes.splice(found.index, 1)
    target.category.dishes.push(dish)
  }
  return {
    file,
    audit: { action: 'update', entity: 'dish', entityId: dishId, before: found.dish, after: dish },
    fieldsAt: { filePath: dishPath(file, dishId), bodyPath: 'body.dish' },
  }
}

export function deleteDish(current: MenuFile, dishId: string): MenuEdit {
  const file = copy(current)
  const found = findDish(file, dishId)
  if (!found) throw notFound('There is no such dish on the menu.')
  found.category.dishes.splice(found.index, 1)
  // A story that showed the dish stays, without the link.
  file.stories = file.stories.map((story) => {
    if (story.dishId !== dishId) return story
    return { ...story, dishId: undefined }
  })
  return {
    file,
    audit: { action: 'delete', entity: 'dish', entityId: dishId, before: found.dish, after: null },
  }
}

export function setDishAvailability(
  current: MenuFile,
  dishId: string,
  available: boolean,
): MenuEdit {
  const file = copy(current)
  const found = findDish(file, dishId)
  if (!found) throw notFound('There is no such dish on the menu.')
  const after = { ...found.dish, available }
  found.category.dishes[found.index] = after
  return {
    file,
    audit: {
      action: available ? 'resume' : 'stop',
      entity: 'dish',
      entityId: dishId,
      // The name as it is now: the entry still says which dish when the dish is gone.
      before: { name: found.dish.name, available: found.dish.available },
      after: { name: found.dish.name, available },
    },
    availability: found.dish.available === available ? [] : [{ dishId, available }],
  }
}

type CategoryFields = Pick<CategoryFile, 'id' | 'name' | 'description'>

const ownFields = ({ id, name, description, vatRate }: CategoryFile) => ({
  id,
  name,
  description,
  vatRate,
})

export function createCategory(
  current: MenuFile,
  menuId: string,
  parentId: string | null,
  fields: CategoryFields,
): MenuEdit {
  const file = copy(current)
  const menu = file.menus.find((m) => m.id === menuId)
  if (!menu) throw badField('body.menuId', `There is no menu "${menuId}"`)
  let siblings = menu.categories
  if (parentId !== null) {
    const parent = findCategory(file, parentId)
    if (parent?.menuId !== menuId) {
      throw badField('body.parentId', `There is no category "${parentId}" in this menu`)
    }
    siblings = parent.category.categories
  }
  if (findCategory(file, fields.id)) {
    throw badField('body.category.id', `The category id "${fields.id}" is already used`)
  }
  const category = { ...fields, dishes: [], categories: [] }
  siblings.push(category)
  return {
    file,
    audit: {
      action: 'create',
      entity: 'category',
      entityId: fields.id,
      before: null,
      after: fields,
    },
    fieldsAt: { filePath: categoryPath(file, fields.id), bodyPath: 'body.category' },
  }
}

export function updateCategory(
  current: MenuFile,
  categoryId: string,
  fields: Omit<CategoryFields, 'id'>,
): MenuEdit {
  const file = copy(current)
  const spot = findCategory(file, categoryId)
  if (!spot) throw notFound('There is no such category on the menu.')
  const before = ownFields(spot.category)
  // Fields left out are cleared: no description, the restaurant's VAT rate (decision 0133).
  const updated = { ...spot.category, description: undefined, vatRate: undefined, ...fields }
  spot.siblings[spot.siblings.indexOf(spot.category)] = updated
  return {
    file,
    audit: {
      action: 'update',
      entity: 'category',
      entityId: categoryId,
      before,
      after: ownFields(updated),
    },
    fieldsAt: { filePath: categoryPath(file, categoryId), bodyPath: 'body' },
  }
}

export function deleteCategory(current: MenuFile, categoryId: string): MenuEdit {
  const file = copy(current)
  const spot = findCategory(file, categoryId)
  if (!spot) throw notFound('There is no such category on the menu.')
  if (spot.category.dishes.length > 0 || spot.category.categories.length > 0) {
    throw new HttpError(
      409,
      'category_not_empty',
      'Move or delete its dishes and categories first.',
    )
  }
  spot.siblings.splice(spot.siblings.indexOf(spot.category), 1)
  return {
    file,
    audit: {
      action: 'delete',
      entity: 'category',
      entityId: categoryId,
      before: ownFields(spot.category),
      after: null,
    },
  }
}

function checkOrder(ids: readonly string[], current: readonly string[], path: string) {
  if (new Set(ids).size !== ids.length) throw badField(path, 'An id is listed twice')
  const missing = current.filter((id) => !ids.includes(id))
  if (missing.length > 0) {
    throw badField(path, `List every one that is there now; missing: ${missing.join(', ')}`)
  }
}

export function orderCategories(
  current: MenuFile,
  menuId: string,
  parentId: string | null,
  categoryIds: readonly string[],
): MenuEdit {
  const file = copy(current)
  const menu = file.menus.find((m) => m.id === menuId)
  if (!menu) throw badField('body.menuId', `There is no menu "${menuId}"`)
  const parent = parentId === null ? null : findCategory(file, parentId)
  if (parent !== null && parent?.menuId !== menuId) {
    throw badField('body.parentId', `There is no category "${String(parentId)}" in this menu`)
  }
  const siblings = parent ? parent.category.categories : menu.categories
  const before = siblings.map((c) => c.id)
  checkOrder(categoryIds, before, 'body.categoryIds')
  const moving = categoryIds.map((id) => {
    const spot = findCategory(file, id)
    if (spot?.menuId !== menuId) {
      throw badField('body.categoryIds', `There is no category "${id}" in this menu`)
    }
    return spot
  })
  // A category cannot go inside itself or inside one of its own children.
  for (
    let up = parent ?? undefined;
    up;
    up = up.parent ? findCategory(file, up.parent.id) : undefined
  ) {
    if (categoryIds.includes(up.category.id)) {
      throw badField('body.categoryIds', `"${up.category.id}" cannot go inside itself`)
    }
  }
  for (const spot of moving) spot.siblings.splice(spot.siblings.indexOf(spot.category), 1)
  siblings.splice(0, siblings.length, ...moving.map((spot) => spot.category))
  return {
    file,
    audit: {
      action: 'reorder',
      entity: 'category',
      entityId: parentId ?? menuId,
      before,
      after: categoryIds,
    },
  }
}

export function orderDishes(
  current: MenuFile,
  categoryId: string,
  dishIds: readonly string[],
): MenuEdit {
  const file = copy(current)
  const target = findCategory(file, categoryId)
  if (!target) throw badField('body.categoryId', `There is no category "${categoryId}"`)
  const before = target.category.dishes.map((d) => d.id)
  checkOrder(dishIds, before, 'body.dishIds')
  const moving = dishIds.map((id) => {
    const found = findDish(file, id)
    if (!found) throw badField('body.dishIds', `There is no dish "${id}"`)
    return found
  })
  for (const found of moving) {
    found.category.dishes.splice(found.category.dishes.indexOf(found.dish), 1)
  }
  target.category.dishes.push(...moving.map((found) => found.dish))
  return {
    file,
    audit: { action: 'reorder', entity: 'dish', entityId: categoryId, before, after: dishIds },
  }
}

export function saveStories(current: MenuFile, stories: StoryFile[]): MenuEdit {
  const file = copy(current)
  file.stories = stories
  return {
    file,
    audit: {
      action: 'update',
      entity: 'stories',
      entityId: 'stories',
      before: current.stories,
      after: stories,
    },
    fieldsAt: { filePath: 'stories', bodyPath: 'body.stories' },
  }
}

/** What an import's audit entry keeps: the size of the menu before and after, not all of it. */
export function menuSummary(file: MenuFile) {
  let categories = 0
  let dishes = 0
  const count = (list: CategoryFile[]) => {
    for (const category of list) {
      categories += 1
      dishes += category.dishes.length
      count(category.categories)
    }
  }
  for (const menu of file.menus) count(menu.categories)
  return { menus: file.menus.length, categories, dishes, stories: file.stories.length }
}
