import type { ColumnType, Generated } from 'kysely'
import type { ModifierGroup, Nutrition, Portion } from '@tableside/contracts/menu'
import type { OpeningHours, RestaurantSettings } from '@tableside/contracts/restaurants'
import type { Image, LocalizedText } from '@tableside/contracts/text'

/** Table and column types as Kysely sees them, in camelCase (CamelCasePlugin maps snake_case). */
export interface Database {
  schemaMigrations: SchemaMigrationsTable
  restaurants: RestaurantsTable
  restaurantTables: RestaurantTablesTable
  menus: MenusTable
  menuCategories: MenuCategoriesTable
  dishes: DishesTable
  stories: StoriesTable
}

/** A jsonb column: read as the value, written as its JSON text (pg would turn arrays into SQL arrays). */
type Json<T> = ColumnType<T, string, string>
type OptionalJson<T> = ColumnType<T | null, string | null | undefined, string | null>

type CreatedAt = ColumnType<Date, never, never>

export interface SchemaMigrationsTable {
  version: string
  appliedAt: Generated<Date>
}

export interface RestaurantsTable {
  id: string
  name: string
  locale: Generated<string>
  defaultLanguage: Generated<'ru' | 'en'>
  currency: Generated<string>
  timezone: Generated<string>
  description: OptionalJson<LocalizedText>
  logo: OptionalJson<Image>
  address: string | null
  phone: string | null
  openingHours: ColumnType<OpeningHours[], string | undefined, string>
  /** Partial in the database; the service fills in defaults. */
  settings: ColumnType<Partial<RestaurantSettings>, string | undefined, string>
  menuVersion: ColumnType<string, never, string>
  createdAt: CreatedAt
}

export interface RestaurantTablesTable {
  id: Generated<string>
  restaurantId: string
  code: string
  label: string
  zone: string | null
  seats: Generated<number>
  enabled: Generated<boolean>
  createdAt: CreatedAt
}

export interface MenusTable {
  restaurantId: string
  id: string
  name: Json<LocalizedText>
  description: OptionalJson<LocalizedText>
  servedFrom: string | null
  servedUntil: string | null
  sortOrder: number
}

export interface MenuCategoriesTable {
  restaurantId: string
  id: string
  menuId: string
  parentId: string | null
  name: Json<LocalizedText>
  description: OptionalJson<LocalizedText>
  sortOrder: number
}

export interface DishesTable {
  restaurantId: string
  id: string
  categoryId: string
  name: Json<LocalizedText>
  description: OptionalJson<LocalizedText>
  photo: OptionalJson<Image>
  portion: OptionalJson<Portion>
  nutrition: OptionalJson<Nutrition>
  price: number
  modifierGroups: Json<ModifierGroup[]>
  allergens: string[]
  diet: string[]
  highlight: string | null
  ageRestricted: boolean
  available: boolean
  sortOrder: number
}

export interface StoriesTable {
  restaurantId: string
  id: string
  title: Json<LocalizedText>
  caption: OptionalJson<LocalizedText>
  media: Json<Image>
  dishId: string | null
  durationMs: number
  startsAt: Date | null
  endsAt: Date | null
  sortOrder: number
}
