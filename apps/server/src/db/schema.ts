import type { TaxSystem, VatRate } from '@tableside/contracts/admin-profile'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
import type { ColumnType, Generated } from 'kysely'
import type { ModifierGroup, Nutrition, Portion } from '@tableside/contracts/menu'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type {
  Contact,
  DeliveryAddress,
  OrderLine,
  PaymentStatus,
  StatusChange,
} from '@tableside/contracts/orders'
import type { TableRef } from '@tableside/contracts/table-sessions'
import type {
  OnlinePaymentMethod,
  PaymentFailure,
  PaymentState,
} from '@tableside/contracts/payments'
import type { SandboxPaymentState } from '@tableside/contracts/sandbox-acquirer'
import type { WaiterCallReason, WaiterCallStatus } from '@tableside/contracts/waiter-calls'
import type { OpeningHours, RestaurantSettings, UiLanguage } from '@tableside/contracts/restaurants'
import type { Image, LocalizedText } from '@tableside/contracts/text'
import type { GarconAlert, GarconAlertKind } from '@tableside/contracts/garcon-alerts'

/** Table and column types as Kysely sees them, in camelCase (CamelCasePlugin maps snake_case). */
export interface Database {
  schemaMigrations: SchemaMigrationsTable
  restaurants: RestaurantsTable
  restaurantTables: RestaurantTablesTable
  tableZones: TableZonesTable
  retiredTableQrTokens: RetiredTableQrTokensTable
  menus: MenusTable
  menuCategories: MenuCategoriesTable
  dishes: DishesTable
  stories: StoriesTable
  media: MediaTable
  tableSessions: TableSessionsTable
  orders: OrdersTable
  waiterCalls: WaiterCallsTable
  waiters: WaitersTable
  garconSessions: GarconSessionsTable
  garconLoginFailures: GarconLoginFailuresTable
  signInDevices: SignInDevicesTable
  serverKeys: ServerKeysTable
  staff: StaffTable
  staffSessions: StaffSessionsTable
  auditLog: AuditLogTable
  reportDays: ReportDaysTable
  waiterTables: WaiterTablesTable
  payments: PaymentsTable
  paymentWebhookEvents: PaymentWebhookEventsTable
  tips: TipsTable
  refunds: RefundsTable
  refundSends: RefundSendsTable
  garconPushSubscriptions: GarconPushSubscriptionsTable
  garconAlerts: GarconAlertsTable
  tableCashSettlements: TableCashSettlementsTable
  sandboxAcquirerPayments: SandboxAcquirerPaymentsTable
  sandboxAcquirerOutbox: SandboxAcquirerOutboxTable
  sandboxAcquirerRefunds: SandboxAcquirerRefundsTable
  outbox: OutboxTable
  bonusPrograms: BonusProgramsTable
  bonusCards: BonusCardsTable
  bonusEntries: BonusEntriesTable
  bonusAllocations: BonusAllocationsTable
  clients: ClientsTable
  clientSessions: ClientSessionsTable
  clientAddresses: ClientAddressesTable
  clientSignInCodes: ClientSignInCodesTable
  clientSignInSends: ClientSignInSendsTable
  smsDailySends: SmsDailySendsTable
  paymentAccounts: PaymentAccountsTable
  fiscalSettings: FiscalSettingsTable
  receipts: ReceiptsTable
  clientFavourites: ClientFavouritesTable
  kitchenStations: KitchenStationsTable
  kitchenStationCategories: KitchenStationCategoriesTable
  kitchenBumps: KitchenBumpsTable
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
  /** E.164 (migration 0046); an older row's text that was not a number stays as it was. */
  phone: string | null
  /** The name in English, beside `name` in Russian (decision 0115). */
  nameEn: string | null
  legalName: string | null
  /** ИНН: 10 digits (an organisation) or 12 (an entrepreneur), check digits verified on save. */
  inn: string | null
  taxSystem: TaxSystem | null
  /** The VAT rate a receipt's line takes unless its dish or category says otherwise. */
  vatRate: VatRate | null
  openingHours: ColumnType<OpeningHours[], string | undefined, string>
  /** Partial in the database; the service fills in defaults. */
  settings: ColumnType<Partial<RestaurantSettings>, string | undefined, string>
  menuVersion: ColumnType<string, never, string>
  lastOrderNumber: ColumnType<number, never, number>
  /** How long a waiter call waits for its table's waiters before every waiter on shift hears it. */
  callEscalationSeconds: Generated<number>
  /** Minutes after which a kitchen ticket's timer turns amber, then red (decision 0070). */
  kitchenWarnMinutes: Generated<number>
  kitchenLateMinutes: Generated<number>
  /** Sign-in codes by SMS the restaurant sends a day, in its time zone (decision 0109). */
  smsDailyBudget: Generated<number>
  createdAt: CreatedAt
}

export interface RestaurantTablesTable {
  id: Generated<string>
  restaurantId: string
  code: string
  label: string
  /**
   * Where the table stands, in the menu's languages: `{ ru: 'Терраса', en: 'Terrace' }`. A copy
   * of its zone's name that the database keeps (migration 0034); write `zoneId`, not this.
   */
  zone: OptionalJson<LocalizedText>
  zoneId: string | null
  seats: Generated<number>
  enabled: Generated<boolean>
  /** What the table's QR code carries; the only way to join the table (decision 0026). */
  qrToken: Generated<string>
  createdAt: CreatedAt
}

/** A zone of the floor (the hall, the terrace) that a manager keeps (decision 0066). */
export interface TableZonesTable {
  id: Generated<string>
  restaurantId: string
  name: Json<LocalizedText>
  position: Generated<number>
  createdAt: CreatedAt
}

/** A token a table's QR code carried before it was replaced: it explains itself, joins nothing. */
export interface RetiredTableQrTokensTable {
  qrToken: string
  restaurantId: string
  tableId: string
  retiredAt: Generated<Date>
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
  /** The VAT rate of its dishes' receipt lines; null: the restaurant's (decision 0133). */
  vatRate: ColumnType<VatRate | null, VatRate | null | undefined, VatRate | null>
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
  /** Its receipt lines' VAT rate; null: its category's, else the restaurant's (decision 0133). */
  vatRate: ColumnType<VatRate | null, VatRate | null | undefined, VatRate | null>
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

/** An uploaded photo's file, one of its sizes (decisions 0065, 0106). */
export interface MediaTable {
  restaurantId: string
  /** `{hash}/{width}.{avif|webp}`: its address after `/media/photos/{restaurant}/`. */
  name: string
  /** A Buffer from node-postgres, a Uint8Array from PGlite. */
  content: Uint8Array
  contentType: 'image/avif' | 'image/webp'
  size: number
  createdAt: ColumnType<Date, Date | undefined, never>
  /** The last upload of the same photo: the sweep's hour counts from it (decision 0078). */
  uploadedAt: ColumnType<Date, Date | undefined, Date>
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
  /** What its orders have come to, cancelled ones included; at most MAX_BILL_TOTAL. */
  placedTotal: ColumnType<number, never, number>
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
  history: Json<StatusChange[]>
  idempotencyKey: string
  requestHash: string
  placedAt: ColumnType<Date, Date | undefined, Date>
  updatedAt: ColumnType<Date, Date | undefined, Date>
  /** The waiter who placed it for guests without phones; null when a diner did. */
  placedByWaiterId: ColumnType<string | null, string | null | undefined, string | null>
  /** The diner's profile the order belongs to (decision 0051); null: placed anonymously. */
  clientId: ColumnType<string | null, string | null | undefined, string | null>
  /** Bonus points spent on it (decision 0060); `discount` counts them as money. */
  bonusPoints: Generated<number>
  /** What part refunds and comps took off its price (decision 0119): `total` is after them. */
  takenOff: Generated<number>
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
  /** When the call, still open, goes to every waiter on shift (decision 0045). */
  escalateAt: Date | null
  escalatedAt: Date | null
}

export interface WaitersTable {
  id: Generated<string>
  restaurantId: string
  name: string
  /** Lower-case. */
  login: string
  pinHash: string
  active: Generated<boolean>
  /** Working now: hears calls from their tables, or from any table nobody on shift serves. */
  onShift: Generated<boolean>
  shiftChangedAt: Date | null
  /** The language their screens speak on every device they sign in on; null: each device's own. */
  language: ColumnType<UiLanguage | null, UiLanguage | null | undefined, UiLanguage | null>
  createdAt: CreatedAt
}

/** Wrong PINs at one login, counted before each check (decision 0029). */
export interface GarconLoginFailuresTable {
  restaurantId: string
  /** Whose sign-in the login is (migration 0032): waiters', managers' or the kitchen's. */
  actor: ColumnType<LoginActor, LoginActor | undefined, never>
  login: string
  failures: number
  retryAt: Date
  lastFailedAt: Date
  /**
   * Where the failures came from (migration 0042, decision 0108): `device:…`, `address:…`,
   * `session:…`, or '' for the account-wide count.
   */
  source: ColumnType<string, string | undefined, never>
  /** When the managers were last told the account is under attack (account-wide rows). */
  alertedAt: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** A device a login signed in on (migration 0042): its guesses back off apart. */
export interface SignInDevicesTable {
  restaurantId: string
  actor: LoginActor
  login: string
  /** The id in the device's signed cookie. */
  device: string
  lastSignedInAt: Date
}

/** Keys the server makes once and every node shares (migration 0042). */
export interface ServerKeysTable {
  name: string
  secret: string
}

export interface GarconSessionsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  tokenHash: string
  /** What "my devices" calls the session; never the token or its hash. */
  id: Generated<string>
  waiterId: string
  createdAt: ColumnType<Date, Date | undefined, never>
  expiresAt: Date
  revokedAt: Date | null
  /** The browser that signed in, as it said (at most 300 characters). */
  userAgent: ColumnType<string | null, string | null | undefined, string | null>
  /** Moved on at most once a minute, as the token is used. */
  lastUsedAt: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface WaiterTablesTable {
  waiterId: string
  tableId: string
  assignedAt: ColumnType<Date, Date | undefined, Date>
}

/** What a payment pays of one order: an amount, and by item which lines and how many. */
export interface Allocation {
  orderId: string
  /** What it pays of the order: money, and the worth of `points`. */
  amount: number
  lines: { line: number; quantity: number }[]
  /** Bonus points of it (decision 0060): `amount` counts them as money, the card paid them. */
  points?: number
}

export interface PaymentsTable {
  id: Generated<string>
  restaurantId: string
  purpose: 'order' | 'bill'
  orderId: string | null
  tableSessionId: string | null
  method: OnlinePaymentMethod
  provider: string
  providerRef: string | null
  /** char(3). */
  currency: string
  amount: number
  tip: Generated<number>
  status: ColumnType<PaymentState, PaymentState | undefined, PaymentState>
  failureReason: PaymentFailure | null
  allocations: Json<Allocation[]>
  splitBy: 'items' | 'amounts' | null
  waiterId: string | null
  /** The signed-in diner who started it (decision 0060): they earn its bonus points. */
  clientId: ColumnType<string | null, string | null | undefined, string | null>
  /** Bonus points it spends beside the money (decision 0060); `amount` is the money. */
  bonusPoints: Generated<number>
  redirectUrl: string | null
  /** What was given back of it (a late success on a cancelled order, or a cancelled paid order). */
  refundedAmount: Generated<number>
  createdAt: CreatedAt
  expiresAt: Date
  completedAt: Date | null
  /** Where its fiscal receipt goes: an email or an E.164 phone (decision 0133); null: none. */
  receiptContact: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * A payment's refund on its way to an acquirer that could make it twice if sent again (migration
 * 0052, decision 0141): at most one per payment.
 */
export interface RefundSendsTable {
  paymentId: string
  refundKey: string
  amount: number
  /** What the acquirer said of the payment just before the refund was first sent. */
  mark: Json<Record<string, string | number | null>>
  sentAt: Date
  createdAt: CreatedAt
}

export interface PaymentWebhookEventsTable {
  provider: string
  eventId: string
  paymentId: string | null
  receivedAt: CreatedAt
}

export interface GarconAlertsTable {
  id: Generated<string>
  restaurantId: string
  waiterId: string
  kind: GarconAlertKind
  tableCode: string | null
  tableLabel: string | null
  orderNumber: number | null
  callId: string | null
  detail: Json<GarconAlert['detail']>
  createdAt: CreatedAt
  readAt: Date | null
}

/** Cash a waiter took for a whole table, once per Idempotency-Key (decision 0044). */
export interface TableCashSettlementsTable {
  id: Generated<string>
  restaurantId: string
  tableSessionId: string
  waiterId: string | null
  idempotencyKey: string
  amount: number
  /** char(3). */
  currency: string
  orderNumbers: Json<number[]>
  createdAt: ColumnType<Date, Date | undefined, never>
}

export interface GarconPushSubscriptionsTable {
  id: Generated<string>
  waiterId: string
  /** The sign-in (garcon_sessions.id) that subscribed: its end ends the pushes. */
  sessionId: string
  endpoint: string
  p256dh: string
  auth: string
  createdAt: CreatedAt
  lastSentAt: Date | null
}

export interface TipsTable {
  id: Generated<string>
  restaurantId: string
  waiterId: string | null
  paymentId: string
  tableSessionId: string | null
  amount: number
  currency: string
  /** What the diner thought of the service, 1–5, and said, if anything. */
  rating: ColumnType<number | null, number | null | undefined, number | null>
  comment: ColumnType<string | null, string | null | undefined, string | null>
  /** What tip refunds took off it (decision 0119): the waiter's tips are net of it. */
  refundedAmount: Generated<number>
  createdAt: CreatedAt
}

export type RefundKind = 'whole' | 'part' | 'comp' | 'tip'
export type RefundWay = 'online' | 'cash' | 'points' | 'none'
export type RefundState = 'in_progress' | 'done' | 'failed'

/**
 * Money given back or a line made free (decision 0119): one row per way the money goes back;
 * the rows of one manager's or waiter's action share `actionId`.
 */
export interface RefundsTable {
  id: Generated<string>
  restaurantId: string
  orderId: string
  actionId: string
  kind: RefundKind
  way: RefundWay
  /** The online payment refunded through the acquirer (`way` online). */
  paymentId: string | null
  /** The order's lines it took off, by index in `orders.lines`. */
  lines: ColumnType<RefundLine[], string | undefined, string>
  /** Money given back (minor units). */
  amount: number
  /** What the order's price went down by. */
  takenOff: Generated<number>
  pointsReturned: Generated<number>
  pointsTakenBack: Generated<number>
  tipId: string | null
  waiterId: string | null
  state: RefundState
  providerRefundId: string | null
  reason: string
  actorKind: 'manager' | 'waiter' | 'diner' | 'server'
  actorId: string | null
  actorName: string
  /** char(3). */
  currency: string
  createdAt: ColumnType<Date, Date | undefined, never>
  completedAt: Date | null
}

export interface RefundLine {
  line: number
  quantity: number
}

export interface SandboxAcquirerPaymentsTable {
  ref: string
  merchant: string
  description: string
  amount: number
  currency: string
  method: OnlinePaymentMethod
  language: 'ru' | 'en'
  locale: string
  state: SandboxPaymentState
  successUrl: string
  failUrl: string
  cardLast4: string | null
  /** What refunds gave back of it so far (a part or all). */
  refundedAmount: Generated<number>
  createdAt: CreatedAt
  expiresAt: Date
  completedAt: Date | null
}

/** A refund the sandbox made, once per idempotency key. */
export interface SandboxAcquirerRefundsTable {
  id: string
  ref: string
  idempotencyKey: string
  amount: number
  createdAt: CreatedAt
}

export interface SandboxAcquirerOutboxTable {
  eventId: string
  ref: string
  body: string
  attempts: Generated<number>
  nextAttemptAt: ColumnType<Date, Date | undefined, Date>
  deliveredAt: Date | null
  lastError: string | null
}

/** Side effects a transaction decided (publishes, refunds), delivered after it commits (decision 0027). */
export interface OutboxTable {
  id: Generated<string>
  kind: string
  payload: Json<unknown>
  attempts: Generated<number>
  nextAttemptAt: ColumnType<Date, Date | undefined, Date>
  deliveredAt: Date | null
  lastError: string | null
  createdAt: CreatedAt
}

/** A restaurant's bonus programme (decision 0055). */
export interface BonusProgramsTable {
  restaurantId: string
  earnBasisPoints: number
  maxShareBasisPoints: number
  expiryDays: number
  welcomePoints: ColumnType<number, number | undefined, number>
  birthdayPoints: ColumnType<number, number | undefined, number>
  active: ColumnType<boolean, boolean | undefined, boolean>
}

/** A diner's card at a restaurant; `balance` and `pending` are kept by the ledger's triggers. */
export interface BonusCardsTable {
  id: Generated<string>
  restaurantId: string
  clientId: string
  number: string
  balance: ColumnType<number, never, never>
  pending: ColumnType<number, never, never>
  createdAt: CreatedAt
}

export type BonusEntryKind =
  'earn' | 'spend' | 'expire' | 'reverse' | 'adjust' | 'welcome' | 'birthday'

/** The append-only ledger: one row a movement of points, signed. */
export interface BonusEntriesTable {
  id: Generated<string>
  /** Insertion order (an identity column): the ledger's order, never a value to show. */
  seq: ColumnType<string, never, never>
  cardId: string
  kind: BonusEntryKind
  points: number
  status: 'pending' | 'available' | 'void'
  remaining: number | null
  expiresAt: Date | null
  orderId: string | null
  paymentId: string | null
  reversesId: string | null
  note: string | null
  createdAt: Date
}

export interface BonusAllocationsTable {
  debitId: string
  creditId: string
  points: number
}

/** A diner's profile, by verified phone (decision 0051). */
export interface ClientsTable {
  id: Generated<string>
  /** E.164. */
  phone: string
  name: ColumnType<string | null, string | null | undefined, string | null>
  /** A `date`: read it as `birthday::text` (YYYY-MM-DD), never as a Date in some time zone. */
  birthday: ColumnType<unknown, string | null | undefined, string | null>
  language: ColumnType<UiLanguage | null, UiLanguage | null | undefined, UiLanguage | null>
  /** Where the diner's receipts go: an email (lower case) or a mobile in E.164 (decision 0142). */
  receiptContact: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: ColumnType<Date, Date | undefined, never>
}

export interface ClientSessionsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  tokenHash: string
  clientId: string
  createdAt: ColumnType<Date, Date | undefined, never>
  lastUsedAt: Date
  /** Slides PROFILE_SESSION_DAYS (30) from the last use, never past created_at + PROFILE_SESSION_MAX_DAYS (180). */
  expiresAt: Date
}

export interface ClientAddressesTable {
  id: Generated<string>
  clientId: string
  address: Json<DeliveryAddress>
  createdAt: ColumnType<Date, Date | undefined, never>
}

export interface ClientSignInCodesTable {
  phone: string
  /** HMAC-SHA256 (hex) of the phone and code under the server's code secret. */
  codeHash: string
  restaurantId: string
  sentAt: Date
  expiresAt: Date
  triesLeft: number
}

export interface ClientSignInSendsTable {
  phone: string
  sentAt: Date
}

/**
 * Sign-in codes by SMS sent a day (migration 0043, decision 0109): per restaurant on its own day,
 * and for the whole server (`scope` '') on the UTC day.
 */
export interface SmsDailySendsTable {
  scope: string
  /** `YYYY-MM-DD`: read as text (`to_char`) so no time zone moves it. */
  day: ColumnType<string, string, never>
  sent: number
  nearlySpentAt: Date | null
  spentAt: Date | null
}

/**
 * A restaurant's acquirer and its account there (migrations 0048 and 0051, decisions 0121 and
 * 0132); none: the server's PAYMENT_PROVIDER serves it.
 */
export interface PaymentAccountsTable {
  restaurantId: string
  provider: 'sandbox' | 'yookassa' | 'tbank' | 'none'
  /** Whose account `accountId` and the secret are (kept when another acquirer is chosen). */
  accountProvider: 'yookassa' | 'tbank' | null
  /** YooKassa's shop id, or T-Bank's terminal key. */
  accountId: string | null
  /**
   * YooKassa's secret key or T-Bank's terminal password, sealed with SECRETS_KEY
   * (`lib/secret-box.ts`); never in the clear.
   */
  secretSealed: string | null
  secretLast4: string | null
  live: boolean
  methods: ('card' | 'sbp')[]
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

/** How a restaurant sends its fiscal receipts (migration 0049, decision 0134). */
export interface FiscalSettingsTable {
  restaurantId: string
  mode: 'off' | 'acquirer' | 'atol'
  atolLogin: string | null
  /** АТОЛ Онлайн's password sealed with SECRETS_KEY (`lib/secret-box.ts`); never in the clear. */
  atolSecretSealed: string | null
  atolSecretLast4: string | null
  atolGroupCode: string | null
  atolLive: boolean
  companyEmail: string | null
  paymentAddress: string | null
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

/** A fiscal receipt of a payment or a refund and how far it got (decision 0134). */
export interface ReceiptsTable {
  id: Generated<string>
  restaurantId: string
  paymentId: string
  orderId: string | null
  refundId: string | null
  refundKey: string | null
  kind: 'sell' | 'sell_refund'
  via: 'acquirer' | 'atol'
  contact: string
  body: Json<FiscalReceipt>
  total: number
  state: 'pending' | 'sent' | 'done' | 'failed'
  /**
   * The provider's id of the receipt as it stands: АТОЛ's uuid; with the acquirer, its payment's
   * or refund's id, or after a retry the receipt YooKassa made (`rt-…`, decision 0147).
   */
  providerId: string | null
  /**
   * With the acquirer, once retried: its payment's or refund's id the receipt is for
   * (migration 0054, decision 0147).
   */
  acquirerRef: ColumnType<string | null, string | null | undefined, string | null>
  error: string | null
  attempts: Generated<number>
  generation: Generated<number>
  createdAt: CreatedAt
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

/** A signed-in diner's favourite dish at a restaurant (migration 0029, decision 0056). */
export interface ClientFavouritesTable {
  clientId: string
  restaurantId: string
  dishId: string
  /** The dish's name when it was saved. */
  name: Json<LocalizedText>
  addedAt: Date
}

export type LoginActor = 'garcon' | 'manager' | 'kitchen'
export type StaffRole = 'manager' | 'kitchen'

/** Managers and kitchen staff (decision 0062). */
export interface StaffTable {
  id: Generated<string>
  restaurantId: string
  role: StaffRole
  name: string
  login: string
  /** scrypt of a manager's password or a kitchen's PIN. */
  secretHash: string
  /** Base32; null while the manager signs in with the password alone. */
  totpSecret: ColumnType<string | null, string | null | undefined, string | null>
  active: ColumnType<boolean, boolean | undefined, boolean>
  createdAt: ColumnType<Date, Date | undefined, never>
}

export interface StaffSessionsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  tokenHash: string
  staffId: string
  createdAt: ColumnType<Date, Date | undefined, never>
  expiresAt: Date
  revokedAt: Date | null
  lastUsedAt: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** What the manager names to end this sign-in (the token hash never leaves the server). */
  id: Generated<string>
  /** The browser's User-Agent and the address it signed in from, cut to fit. */
  userAgent: ColumnType<string | null, string | null | undefined, string | null>
  address: ColumnType<string | null, string | null | undefined, string | null>
  /** A TOTP secret this sign-in is setting up (base32), good until `totpPendingUntil`. */
  totpPendingSecret: ColumnType<string | null, string | null | undefined, string | null>
  totpPendingUntil: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Every change a manager makes (decision 0063); appended, never updated. */
export interface AuditLogTable {
  id: Generated<string>
  restaurantId: string
  actorId: string | null
  actorName: string
  action: string
  entity: string
  entityId: string | null
  before: ColumnType<unknown, string | null, never>
  after: ColumnType<unknown, string | null, never>
  at: ColumnType<Date, Date | undefined, never>
}

/** A kitchen station ("Горячий цех", "Бар"): tickets are grouped by it (decision 0070). */
export interface KitchenStationsTable {
  id: Generated<string>
  restaurantId: string
  name: string
  sortOrder: Generated<number>
}

/** Which station cooks a menu category (by the category's id, so a menu import keeps it). */
export interface KitchenStationCategoriesTable {
  restaurantId: string
  categoryId: string
  stationId: string
}

/** A bumped line of an order; one bump (a dish or a ticket) shares `bumpId` (decision 0071). */
export interface KitchenBumpsTable {
  orderId: string
  lineIndex: number
  bumpId: string
  bumpedAt: Date
}

/** One day's sums for the report (decision 0072): money in minor units, counts of orders. */
export interface ReportDaySummary {
  orders: number
  cancelled: number
  /** What the day's orders not cancelled came to (money due after points). */
  totalDue: number
  outstanding: number
  points: number
  /** Of the orders not cancelled, those paid in full, and what they came to. */
  paidOrders: number
  paidTotal: number
  cash: number
  cashOrders: number
  /** Money for the day's orders (cash and online) less what went back of it. */
  revenue: number
  /** Orders with money given back. */
  refundOrders: number
  /** What went back, by the way it was paid: [method, amount, orders]. */
  refunds: ['cash' | 'card' | 'sbp', number, number][]
  /** Bonus points given back and taken back by the refunds of the day's orders (0131). */
  pointsReturned: number
  pointsTakenBack: number
  /** What went back, by why: [kind, the staff's words or null, amount, orders]. */
  reasons: ['cancel' | 'overpaid' | 'part' | 'comp', string | null, number, number][]
  // Lists, not objects keyed by type or dish: the CamelCasePlugin would rename such keys.
  /** By order type: [type, orders, total]. */
  byType: ['dine_in' | 'delivery' | 'pickup' | 'preorder', number, number][]
  /** Online money that came in by method, before refunds: [method, amount, orders]. */
  online: ['card' | 'sbp', number, number][]
  /** By dish: [dish id, quantity, revenue, name as an order of the day had it]. */
  dishes: [string, number, number, LocalizedText][]
}

/** A day's report sums, kept while the day's orders stay as they were (migration 0037). */
export interface ReportDaysTable {
  restaurantId: string
  timezone: string
  /** `YYYY-MM-DD`: read as text (`to_char`) so no time zone moves it. */
  day: ColumnType<string, string, string>
  /** Its orders when it was summed: their number and the sum of their `updated_at` in milliseconds. */
  fingerprint: string
  summary: Json<ReportDaySummary>
  computedAt: ColumnType<Date, Date | undefined, Date>
}
