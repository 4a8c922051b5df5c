import type { ColumnType, Generated } from 'kysely'
import type { ModifierGroup, Nutrition, Portion } from '@tableside/contracts/menu'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type {
  Contact,
  DeliveryAddress,
  OrderLine,
  PaymentStatus,
} from '@tableside/contracts/orders'
import type { TableRef } from '@tableside/contracts/table-sessions'
import type { WaiterCallReason, WaiterCallStatus } from '@tableside/contracts/waiter-calls'
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
  tableSessions: TableSessionsTable
  orders: OrdersTable
  waiterCalls: WaiterCallsTable
  waiters: WaitersTable
  garconSessions: GarconSessionsTable
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
  lastOrderNumber: ColumnType<number, never, number>
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

export interface TableSessionsTable {
  id: Generated<string>
  restaurantId: string
  tableId: string
  openedAt: ColumnType<Date, Date | undefined, Date>
  lastActivityAt: ColumnType<Date, Date | undefined, Date>
  expiresAt: Date
  closedAt: Date | null
  closedReason: 'expired' | 'settled' | null
}

export interface OrdersTable {
  id: Generated<string>
  restaurantId: string
  number: number
  type: 'dine_in' | 'delivery' | 'pickup' | 'preorder'
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>
  tableSessionId: string | null
  tableRef: OptionalJson<TableRef>
  contact: OptionalJson<Contact>
  address: OptionalJson<DeliveryAddress>
  scheduledFor: Date | null
  guests: number | null
  comment: string | null
  paymentMethod: 'cash' | 'card' | 'sbp'
  paymentStatus: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>
  currency: string
  lines: Json<OrderLine[]>
  subtotal: number
  serviceCharge: number
  deliveryFee: number
  discount: Generated<number>
  tip: Generated<number>
  /** What is paid of the order so far (cash, or online payments allocated to it). */
  paidAmount: Generated<number>
  total: number
  history: Json<{ status: OrderStatus; at: string }[]>
  idempotencyKey: string
  requestHash: string
  placedAt: ColumnType<Date, Date | undefined, Date>
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

export interface WaiterCallsTable {
  id: Generated<string>
  restaurantId: string
  tableSessionId: string
  reason: WaiterCallReason
  comment: string | null
  status: ColumnType<WaiterCallStatus, WaiterCallStatus | undefined, WaiterCallStatus>
  createdAt: ColumnType<Date, Date | undefined, never>
  acknowledgedAt: Date | null
  acknowledgedBy: OptionalJson<{ id: string; name: string }>
  doneAt: Date | null
}

export interface WaitersTable {
  id: Generated<string>
  restaurantId: string
  name: string
  /** Lower-case. */
  login: string
  pinHash: string
  active: Generated<boolean>
  createdAt: CreatedAt
}

export interface GarconSessionsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  tokenHash: string
  waiterId: string
  createdAt: ColumnType<Date, Date | undefined, never>
  expiresAt: Date
  revokedAt: Date | null
}
