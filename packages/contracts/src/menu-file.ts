import * as z from 'zod/mini'
import type { FieldError } from './errors'
import { allergen, dietTag, highlight, nutrition, portion } from './menu'
import { image, localizedText, money, slugId } from './text'
import { vatRate, type VatRate } from './admin-profile'

/**
 * The file a restaurant keeps its menu in: `npm run menu:export` writes it and
 * `npm run menu:import` reads it. Nested as people think of a menu (menu → categories →
 * dishes). Importing replaces the restaurant's whole menu and its stories.
 *
 * These schemas are the file as the server writes it, every field present: the export and the
 * back office's answers and saves. A file a person writes may leave out the fields that have
 * a default; `menu-file-import.ts` (the server's and the CLI's, never the web's: every zod
 * feature the web uses lands in the diners' first load) fills them in.
 */
export const MENU_FILE_FORMAT = 'tableside.menu/1'
export const MAX_CATEGORY_DEPTH = 3

/** The most of each list a file may hold. */
export const MENU_FILE_LIMITS = {
  menus: 20,
  categories: 100,
  dishes: 500,
  modifierGroups: 10,
  options: 30,
  stories: 50,
} as const

const text = localizedText
const optionalText = z.optional(localizedText)

export const modifierOptionFile = z.object({
  id: slugId,
  name: text,
  priceDelta: money,
  preselected: z.boolean(),
  available: z.boolean(),
})

export const modifierGroupFile = z.object({
  id: slugId,
  name: text,
  minChoices: z.int().check(z.gte(0), z.lte(20)),
  maxChoices: z.int().check(z.gte(1), z.lte(20)),
  options: z.array(modifierOptionFile).check(z.minLength(1), z.maxLength(MENU_FILE_LIMITS.options)),
})

export const dishFile = z.object({
  id: slugId,
  name: text,
  description: optionalText,
  photo: z.optional(image),
  portion: z.optional(portion),
  nutrition: z.optional(nutrition),
  price: money,
  modifierGroups: z.array(modifierGroupFile).check(z.maxLength(MENU_FILE_LIMITS.modifierGroups)),
  allergens: z.array(allergen),
  diet: z.array(dietTag),
  highlight: z.optional(highlight),
  ageRestricted: z.boolean(),
  available: z.boolean(),
  /** Its receipt lines' VAT rate where it differs from its category's or the restaurant's. */
  vatRate: z.optional(vatRate),
})
export type DishFile = z.infer<typeof dishFile>

export interface CategoryFile {
  id: string
  name: z.infer<typeof localizedText>
  description?: z.infer<typeof localizedText> | undefined
  /** Its dishes' VAT rate where it differs from the restaurant's (decision 0133). */
  vatRate?: VatRate | undefined
  dishes: DishFile[]
  categories: CategoryFile[]
}

export const categoryFile: z.ZodMiniType<CategoryFile> = z.object({
  id: slugId,
  name: text,
  description: optionalText,
  vatRate: z.optional(vatRate),
  dishes: z.array(dishFile).check(z.maxLength(MENU_FILE_LIMITS.dishes)),
  get categories() {
    return z.array(categoryFile).check(z.maxLength(MENU_FILE_LIMITS.categories))
  },
})

const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM'))

export const menuFileMenu = z.object({
  id: slugId,
  name: text,
  description: optionalText,
  servedFrom: z.optional(clockTime),
  servedUntil: z.optional(clockTime),
  categories: z.array(categoryFile).check(z.maxLength(MENU_FILE_LIMITS.categories)),
})

/** How long a story shows when its file says nothing. */
export const STORY_DURATION_MS = { min: 2000, max: 30_000, default: 6000 } as const

export const storyFile = z.object({
  id: slugId,
  title: text,
  caption: optionalText,
  media: image,
  dishId: z.optional(slugId),
  durationMs: z.int().check(z.gte(STORY_DURATION_MS.min), z.lte(STORY_DURATION_MS.max)),
  /** ISO date-times; a story shows only between them. */
  startsAt: z.optional(z.iso.datetime({ offset: true })),
  endsAt: z.optional(z.iso.datetime({ offset: true })),
})
export type StoryFile = z.infer<typeof storyFile>

export const menuFile = z.object({
  format: z.literal(MENU_FILE_FORMAT),
  menus: z.array(menuFileMenu).check(z.minLength(1), z.maxLength(MENU_FILE_LIMITS.menus)),
  stories: z.array(storyFile).check(z.maxLength(MENU_FILE_LIMITS.stories)),
})
export type MenuFile = z.infer<typeof menuFile>

/**
 * The menus a restaurant has, as the back office and `menu:export` read them: a menu file, except
 * that a new restaurant has none yet (issue 29) until its manager starts one.
 */
export const storedMenuFile = z.object({
  ...menuFile.shape,
  menus: z.array(menuFileMenu).check(z.maxLength(MENU_FILE_LIMITS.menus)),
})
export type MenuFileMenu = z.infer<typeof menuFileMenu>

/** A dish as it sits in the file, with where it is: for checks and for import. */
export interface PlacedDish {
  dish: DishFile
  menuId: string
  categoryId: string
  path: string
}

export interface PlacedCategory {
  category: CategoryFile
  menuId: string
  parentId: string | null
  depth: number
  path: string
}

/** Every category depth-first (parents first), with its menu, parent and path in the file. */
export function placedCategories(file: MenuFile): PlacedCategory[] {
  const placed: PlacedCategory[] = []
  const walk = (
    categories: CategoryFile[],
    menuId: string,
    parentId: string | null,
    depth: number,
    path: string,
  ) => {
    categories.forEach((category, i) => {
      const at = `${path}.categories[${String(i)}]`
      placed.push({ category, menuId, parentId, depth, path: at })
      walk(category.categories, menuId, category.id, depth + 1, at)
    })
  }
  file.menus.forEach((menu, i) => {
    walk(menu.categories, menu.id, null, 1, `menus[${String(i)}]`)
  })
  return placed
}

export function placedDishes(file: MenuFile): PlacedDish[] {
  return placedCategories(file).flatMap(({ category, menuId, path }) =>
    category.dishes.map((dish, i) => ({
      dish,
      menuId,
      categoryId: category.id,
      path: `${path}.dishes[${String(i)}]`,
    })),
  )
}

/**
 * The rules a schema cannot say: ids unique across the file, choice limits that options
 * can meet, stories that link to dishes that exist. Empty when the file can be imported.
 */
export function menuFileProblems(file: MenuFile): FieldError[] {
  const problems: FieldError[] = []
  const problem = (path: string, message: string) => problems.push({ path, message })
  const unique = (kind: string) => {
    const seen = new Map<string, string>()
    return (id: string, path: string) => {
      const first = seen.get(id)
      if (first === undefined) seen.set(id, path)
      else problem(`${path}.id`, `The ${kind} id "${id}" is already used at ${first}`)
    }
  }

  const menuIds = unique('menu')
  file.menus.forEach((menu, i) => {
    const path = `menus[${String(i)}]`
    menuIds(menu.id, path)
    if ((menu.servedFrom === undefined) !== (menu.servedUntil === undefined)) {
      problem(`${path}.servedUntil`, 'Give both servedFrom and servedUntil, or neither')
    }
  })

  const categoryIds = unique('category')
  for (const { category, depth, path } of placedCategories(file)) {
    categoryIds(category.id, path)
    if (depth > MAX_CATEGORY_DEPTH) {
      problem(
        `${path}.categories`,
        `Categories nest at most ${String(MAX_CATEGORY_DEPTH)} levels deep`,
      )
    }
  }

  const dishIds = unique('dish')
  const dishes = placedDishes(file)
  for (const { dish, path } of dishes) {
    dishIds(dish.id, path)
    const groupIds = unique('modifier group')
    const optionIds = unique('option')
    dish.modifierGroups.forEach((group, g) => {
      const groupPath = `${path}.modifierGroups[${String(g)}]`
      groupIds(group.id, groupPath)
      group.options.forEach((option, o) => {
        optionIds(option.id, `${groupPath}.options[${String(o)}]`)
      })
      if (group.minChoices > group.maxChoices) {
        problem(`${groupPath}.minChoices`, 'minChoices cannot be more than maxChoices')
      }
      if (group.maxChoices > group.options.length) {
        problem(`${groupPath}.maxChoices`, 'maxChoices cannot be more than the number of options')
      }
      const preselected = group.options.filter((option) => option.preselected).length
      if (preselected > group.maxChoices) {
        problem(`${groupPath}.options`, 'More options are preselected than maxChoices allows')
      }
    })
  }

  const knownDishes = new Set(dishes.map(({ dish }) => dish.id))
  const storyIds = unique('story')
  file.stories.forEach((story, i) => {
    const path = `stories[${String(i)}]`
    storyIds(story.id, path)
    if (story.dishId !== undefined && !knownDishes.has(story.dishId)) {
      problem(`${path}.dishId`, `There is no dish "${story.dishId}" in this file`)
    }
    if (story.startsAt && story.endsAt && Date.parse(story.startsAt) >= Date.parse(story.endsAt)) {
      problem(`${path}.endsAt`, 'endsAt must be after startsAt')
    }
  })
  return problems
}
