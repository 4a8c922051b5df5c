import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { getMenuRoute } from './first-screen-reads'
import { restaurantId } from './restaurants'
import { image, localizedText, money, slugId } from './text'

/** The 14 allergens a menu must declare (EU 1169/2011, also used by Russian menus). */
export const allergen = z.enum([
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
])
export type Allergen = z.infer<typeof allergen>

export const dietTag = z.enum(['vegetarian', 'vegan', 'gluten_free', 'lactose_free', 'spicy'])
export type DietTag = z.infer<typeof dietTag>

/** A marketing mark on a card: new on the menu, a favourite of guests, the chef's pick. */
export const highlight = z.enum(['new', 'popular', 'chef'])
export type Highlight = z.infer<typeof highlight>

export const portion = z.object({
  amount: z.number().check(z.positive(), z.lte(100_000)),
  unit: z.enum(['g', 'ml', 'pcs']),
})
export type Portion = z.infer<typeof portion>

/** Per portion. */
export const nutrition = z.object({
  kcal: z.number().check(z.nonnegative()),
  protein: z.number().check(z.nonnegative()),
  fat: z.number().check(z.nonnegative()),
  carbs: z.number().check(z.nonnegative()),
})
export type Nutrition = z.infer<typeof nutrition>

export const modifierOption = z.object({
  id: slugId,
  name: localizedText,
  /** Added to the dish price for each portion; 0 for a free choice. */
  priceDelta: money,
  /** Chosen when the dish opens; a diner can change it. */
  preselected: z.boolean(),
  available: z.boolean(),
})
export type ModifierOption = z.infer<typeof modifierOption>

/** A choice on a dish: size (exactly one), doneness (exactly one), extras (up to three). */
export const modifierGroup = z.object({
  id: slugId,
  name: localizedText,
  /** 0 makes the group optional. */
  minChoices: z.int().check(z.gte(0), z.lte(20)),
  maxChoices: z.int().check(z.gte(1), z.lte(20)),
  options: z.array(modifierOption).check(z.minLength(1), z.maxLength(30)),
})
export type ModifierGroup = z.infer<typeof modifierGroup>

export const dish = z.object({
  id: slugId,
  categoryId: slugId,
  name: localizedText,
  description: z.nullable(localizedText),
  photo: z.nullable(image),
  portion: z.nullable(portion),
  nutrition: z.nullable(nutrition),
  price: money,
  modifierGroups: z.array(modifierGroup),
  allergens: z.array(allergen),
  diet: z.array(dietTag),
  highlight: z.nullable(highlight),
  /** 18+: the diner confirms their age before seeing it in detail or adding it. */
  ageRestricted: z.boolean(),
  /** False while the dish is on the stop-list. */
  available: z.boolean(),
})
export type Dish = z.infer<typeof dish>

export const category = z.object({
  id: slugId,
  /** Null for a top-level category; a nested one names its parent. */
  parentId: z.nullable(slugId),
  name: localizedText,
  description: z.nullable(localizedText),
  /** The category's own dishes, in menu order. */
  dishIds: z.array(slugId),
})
export type Category = z.infer<typeof category>

export const menu = z.object({
  id: slugId,
  name: localizedText,
  description: z.nullable(localizedText),
  /** Hours this menu is served ("Breakfast 08:00–12:00"); null for all day. */
  servedFrom: z.nullable(z.string()),
  servedUntil: z.nullable(z.string()),
  /** Depth-first: a parent comes before its children. */
  categories: z.array(category),
})
export type Menu = z.infer<typeof menu>

export const restaurantMenu = z.object({
  restaurantId: z.string(),
  /** Changes whenever anything on the menu changes, stop-list included. */
  version: z.string(),
  menus: z.array(menu),
  /** Every dish once; categories refer to them by id. */
  dishes: z.array(dish),
})
export type RestaurantMenu = z.infer<typeof restaurantMenu>

export const getMenu = defineEndpoint({
  ...getMenuRoute,
  summary: "A restaurant's menus, categories and dishes (ETag; 304 when unchanged)",
  tags: ['menu'],
  params: z.object({ restaurantId }),
  response: restaurantMenu,
})

export const dishDetails = z.extend(dish, { menuId: slugId })
export type DishDetails = z.infer<typeof dishDetails>

export const getDish = defineEndpoint({
  method: 'GET',
  path: '/restaurants/:restaurantId/dishes/:dishId',
  summary: 'One dish, for a page opened from a shared link',
  tags: ['menu'],
  params: z.object({ restaurantId, dishId: slugId }),
  status: 200,
  response: dishDetails,
})
