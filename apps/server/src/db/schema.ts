import type { ColumnType, Generated } from 'kysely'

/** Table and column types as Kysely sees them, in camelCase (CamelCasePlugin maps snake_case). */
export interface Database {
  schemaMigrations: SchemaMigrationsTable
  restaurants: RestaurantsTable
  restaurantTables: RestaurantTablesTable
}

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
