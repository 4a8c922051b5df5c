import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkPaymentAccount, getPaymentAccount } from '@tableside/contracts/admin-payments'
import { getAdminProfile } from '@tableside/contracts/admin-profile'
import { getAdminReport } from '@tableside/contracts/admin-reports'
import { getAdminSettings, getAdminSmsBudget } from '@tableside/contracts/admin-settings'
import { listAdminStaff } from '@tableside/contracts/admin-staff'
import { listAudit } from '@tableside/contracts/audit'
import { auditLine, auditText } from '@tableside/contracts/audit-sentence'
import { getBonusCard } from '@tableside/contracts/bonus'
import {
  getClientMe,
  listClientAddresses,
  listClientOrders,
  PROFILE_TOKEN_HEADER,
  requestClientOtp,
  verifyClientOtp,
} from '@tableside/contracts/client'
import { fillPath, type Endpoint } from '@tableside/contracts/endpoint'
import { getFavourites } from '@tableside/contracts/favourites'
import { GARCON_TOKEN_HEADER, garconLogin } from '@tableside/contracts/garcon'
import { garconAlertKind, listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import { getGarconPushKey } from '@tableside/contracts/garcon-push'
import { getGarconProfile } from '@tableside/contracts/garcon-profile'
import { getGarconTips } from '@tableside/contracts/garcon-tips'
import { getKitchenBoard, listStations } from '@tableside/contracts/kitchen'
import { getMenu } from '@tableside/contracts/menu'
import { getAdminMenu } from '@tableside/contracts/menu-admin'
import { getRestaurant } from '@tableside/contracts/restaurants'
import { getBill, order as orderSchema } from '@tableside/contracts/orders'
import { orderStatus } from '@tableside/contracts/order-status'
import { getPayment, paymentState } from '@tableside/contracts/payments'
import { getAdminOrder, refundKind, refundWay } from '@tableside/contracts/refunds'
import {
  getFiscalSettings,
  listFailedReceipts,
  receiptState,
  retryReceipt,
} from '@tableside/contracts/receipts'
import {
  adminLogin,
  KITCHEN_TOKEN_HEADER,
  kitchenLogin,
  listAdminSessions,
  MANAGER_TOKEN_HEADER,
} from '@tableside/contracts/staff'
import { getTableSession, openTableSession } from '@tableside/contracts/table-sessions'
import { listWaiterCalls } from '@tableside/contracts/waiter-calls'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { output } from 'zod/v4/core'
import { parse } from 'zod/mini'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_SHOP_ID,
  startYooKassaStandIn,
  type YooKassaStandIn,
} from '../adapters/yookassa/yookassa-stand-in'
import {
  STAND_IN_PASSWORD as TBANK_STAND_IN_PASSWORD,
  STAND_IN_TERMINAL_KEY as TBANK_STAND_IN_TERMINAL_KEY,
  startTBankStandIn,
  type TBankStandIn,
} from '../adapters/tbank/tbank-stand-in'
import {
  ATOL_STAND_IN_GROUP,
  ATOL_STAND_IN_LOGIN,
  ATOL_STAND_IN_PASSWORD,
  startAtolStandIn,
  type AtolStandIn,
} from '../adapters/atol/atol-stand-in'
import { createSecretBox } from '../lib/secret-box'
import { PHOTO_FILES } from '../features/menu/photo-names'
import { totpCodeAt } from '../features/staff/totp'
import { smsSandboxOf, startTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { csvFormat } from '../features/audit/audit-csv'
import { loadMigrations, migrate } from './migrate'
import type { Database } from './schema'
import { DEMO_STAFF, DEMO_WAITERS } from './seed-demo'

/**
 * Upgrades keep data (issue 26). Each fixture in `upgrade-fixtures/` is what a past release
 * wrote, dumped as SQL: `NNNN-COMMIT.sql`, where NNNN is that release's last migration, and
 * beside it the order requests it answered (`NNNN-COMMIT.requests.json`). A database is built
 * with that release's migrations and data, upgraded with today's, and every row is read back
 * through today's API. A release that kept uploaded photos as files left them in
 * `NNNN-COMMIT.photos/`, put in the upgraded server's `DATA_DIR/photos`. A new migration adds a
 * fixture from the release before it (README there).
 */
const FIXTURES = join(import.meta.dirname, 'upgrade-fixtures')
const releases = readdirSync(FIXTURES)
  .filter((name) => /^\d{4}-[0-9a-f]{7,40}\.sql$/.test(name))
  .sort()
  .map((name) => ({
    name: name.slice(0, -'.sql'.length),
    lastMigration: name.slice(0, 4),
    data: readFileSync(join(FIXTURES, name), 'utf8'),
    requests: JSON.parse(
      readFileSync(join(FIXTURES, name.replace(/\.sql$/, '.requests.json')), 'utf8'),
    ) as {
      idempotencyKey: string
      /** Where it was placed; absent: the demo. */
      restaurantId?: string
      body: Record<string, unknown>
      id: string
    }[],
    photos: existsSync(join(FIXTURES, name.replace(/\.sql$/, '.photos')))
      ? join(FIXTURES, name.replace(/\.sql$/, '.photos'))
      : undefined,
  }))

/** Whether a fixture has rows of a table: older releases had fewer kinds, or none of the table. */
const holds = (release: { data: string }, table: keyof Database) =>
  new RegExp(`^INSERT INTO ${table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} `, 'm').test(
    release.data,
  )

/** The first fixture whose driver wrote every kind of row; every later one must too. */
const EVERY_KIND_SINCE = '0038'

/**
 * The SECRETS_KEY the releases from 0048 on ran with (`drive-26160e0.mjs`): the upgraded server
 * opens the acquirer and АТОЛ secrets they sealed with it.
 */
const RELEASE_SECRETS_KEY = '26160e0f'.repeat(8)

/**
 * The app's clock: a minute after the release's last write, running on from there. Today,
 * this week, a pending payment's lifetime and a session's idle time are then what they were
 * when the release stopped, whenever the test runs.
 */
async function releaseClock(db: Kysely<Database>): Promise<() => Date> {
  const latest = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('updatedAt').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('tableSessions')
      .select((eb) => eb.fn.max('closedAt').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('bonusEntries')
      .select((eb) => eb.fn.max('createdAt').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.max('at').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('garconAlerts')
      .select((eb) => eb.fn.max('createdAt').as('at'))
      .executeTakeFirst(),
  ])
  const last = Math.max(...latest.map((row) => (row?.at ? new Date(row.at).getTime() : 0)))
  const offset = Date.now() - (last + 60_000)
  return () => new Date(Date.now() - offset)
}

interface Call {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: object
  headers?: Record<string, string>
}

/** Calls today's API as the endpoint's contract describes it; the answer parsed by its schema. */
async function call<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  { params = {}, query, body, headers }: Call = {},
): Promise<output<E['response']>> {
  const search = query ? `?${new URLSearchParams(query).toString()}` : ''
  const response = await t.app.inject({
    method: endpoint.method,
    url: `/api/v1${fillPath(endpoint.path, params)}${search}`,
    ...(headers ? { headers } : {}),
    ...(body === undefined ? {} : { payload: body }),
  })
  expect(response.statusCode, `${endpoint.method} ${endpoint.path}: ${response.body}`).toBe(
    endpoint.status,
  )
  return parse<E['response']>(endpoint.response, response.json())
}

/**
 * The waiters of each restaurant a fixture holds, with their PINs: the demo's as seeded, and the
 * one `drive-26160e0.mjs` added to the restaurant it created.
 */
const WAITERS: Record<string, readonly { login: string; pin: string }[] | undefined> = {
  demo: DEMO_WAITERS,
  bistro: [{ login: 'pavel', pin: '5555' }],
}

type StaffHeaders = Record<string, string>
const signIns = new WeakMap<TestApp, Map<string, Promise<StaffHeaders>>>()

/**
 * Each member of staff signs in once on a release's upgraded app, and the tests after share
 * the session: every sign-in checks a PIN or password the release hashed at the server's cost
 * (~55 ms of a core), and signing in again in each test and loop made ~250 of them, a third
 * of this file's CPU. The sign-ins themselves are still checked, once for each who and release.
 */
function signedIn(
  t: TestApp,
  who: string,
  signIn: () => Promise<StaffHeaders>,
): Promise<StaffHeaders> {
  const mine = signIns.get(t) ?? new Map<string, Promise<StaffHeaders>>()
  signIns.set(t, mine)
  let headers = mine.get(who)
  if (!headers) {
    headers = signIn()
    mine.set(who, headers)
    // A refused sign-in is tried again by the next test, not remembered.
    headers.catch(() => mine.delete(who))
  }
  return headers
}

/** A waiter signs in with their PIN (the release seeded or made them, the fixture kept them). */
function waiterHeaders(t: TestApp, login: string, restaurantId = 'demo') {
  return signedIn(t, `waiter ${restaurantId} ${login}`, async () => {
    const pin = WAITERS[restaurantId]?.find((waiter) => waiter.login === login)?.pin
    if (!pin) throw new Error(`The fixture's waiter ${login} of ${restaurantId} is not known`)
    const { token } = await call(t, garconLogin, { body: { restaurantId, login, pin } })
    return { [GARCON_TOKEN_HEADER]: token }
  })
}

const [demoManager, demoKitchen] = DEMO_STAFF

/**
 * A manager of each restaurant a fixture holds, with the password its driver left them: the
 * demo's as seeded, and the one `drive-3b0ba4a.mjs` made for the restaurant it created.
 */
const MANAGERS: Record<string, { login: string; password: string } | undefined> = {
  demo: { login: demoManager.login, password: demoManager.secret },
  bistro: { login: 'maria', password: 'Bistro-second-2026' },
}

/** A restaurant's manager signs in, with the code of their authenticator where TOTP is on. */
function managerHeaders(t: TestApp, restaurantId: string) {
  return signedIn(t, `manager ${restaurantId}`, async () => {
    const manager = MANAGERS[restaurantId]
    if (!manager) throw new Error(`No manager of the fixture's restaurant ${restaurantId} is known`)
    const { login, password } = manager
    const staff = await t.database.db
      .selectFrom('staff')
      .select('totpSecret')
      .where('restaurantId', '=', restaurantId)
      .where('login', '=', login)
      .executeTakeFirstOrThrow()
    const totp = staff.totpSecret
      ? totpCodeAt(staff.totpSecret, (t.now ?? (() => new Date()))())
      : undefined
    const { token } = await call(t, adminLogin, {
      body: { restaurantId, login, password, ...(totp ? { totp } : {}) },
    })
    return { [MANAGER_TOKEN_HEADER]: token }
  })
}

function kitchenHeaders(t: TestApp, restaurantId: string) {
  return signedIn(t, `kitchen ${restaurantId}`, async () => {
    const { login, secret: pin } = demoKitchen
    const { token } = await call(t, kitchenLogin, { body: { restaurantId, login, pin } })
    return { [KITCHEN_TOKEN_HEADER]: token }
  })
}

/** The release's diner signs in again by the code today's SMS sandbox sends. */
async function clientHeaders(t: TestApp, phone: string, restaurantId: string) {
  await call(t, requestClientOtp, { body: { restaurantId, phone, consent: true } })
  const code = /^(\d{6})\b/.exec(smsSandboxOf(t.app).outbox(phone)[0]?.text ?? '')?.[1] ?? ''
  const { token, client } = await call(t, verifyClientOtp, { body: { phone, code } })
  expect(client.phone).toBe(phone)
  return { [PROFILE_TOKEN_HEADER]: token }
}

const sorted = <T>(items: Iterable<T>) => [...items].sort()

describe.each(testDatabaseKinds)('An upgrade on $name', (kind) => {
  describe.each(releases)('from release $name', (release) => {
    let t: TestApp
    let dataDir: string
    /** YooKassa as the restaurant's acquirer the release configured knows it (its account's). */
    let yooKassa: YooKassaStandIn
    /** T-Bank and АТОЛ Онлайн, likewise (the stand-ins' terminal and account, from 0051 on). */
    let tBank: TBankStandIn
    let atol: AtolStandIn
    /** Today's app on the upgraded database, as a node with `DATA_DIR` at `dir` would start. */
    const startNode = async (database: TestApp['database'], dir: string) =>
      startTestApp(
        database,
        {
          SMS_PROVIDER: 'sandbox',
          RATE_LIMIT_EXEMPT: '127.0.0.1',
          DATA_DIR: dir,
          SECRETS_KEY: RELEASE_SECRETS_KEY,
          YOOKASSA_API_URL: yooKassa.apiUrl,
          TBANK_API_URL: tBank.apiUrl,
          ATOL_API_URL: atol.apiUrl,
        },
        undefined,
        await releaseClock(database.db),
      )
    beforeAll(async () => {
      yooKassa = await startYooKassaStandIn()
      tBank = await startTBankStandIn()
      atol = await startAtolStandIn()
      dataDir = await mkdtemp(join(tmpdir(), 'tableside-upgrade-'))
      if (release.photos) await cp(release.photos, join(dataDir, 'photos'), { recursive: true })
      const database = await kind.openBlank()
      const migrations = await loadMigrations()
      await migrate(
        database.db,
        migrations.filter((migration) => migration.version <= release.lastMigration),
      )
      await sql.raw(release.data).execute(database.db)
      await migrate(database.db, migrations)
      t = await startNode(database, dataDir)
    })
    afterAll(async () => {
      await t.close()
      await yooKassa.close()
      await tBank.close()
      await atol.close()
      await rm(dataDir, { recursive: true, force: true })
    })

    const db = () => t.database.db
    const rows = () =>
      db()
        .selectFrom('orders')
        .select(['id', 'restaurantId', 'number', 'type', 'status', 'total', 'tableRef'])
        .orderBy('number')
        .execute()

    it('holds every kind of order the release stored', async () => {
      const types = new Set((await rows()).map((row) => row.type))
      expect([...types].sort()).toEqual(['delivery', 'dine_in', 'pickup', 'preorder'])
    })

    it('keeps every row the release stored', async () => {
      const stored = new Map<string, number>()
      for (const [, table = ''] of release.data.matchAll(/^INSERT INTO (\w+) /gm)) {
        stored.set(table, (stored.get(table) ?? 0) + 1)
      }
      for (const [table, count] of stored) {
        const kept = await sql<{
          count: string
        }>`select count(*) as count from ${sql.table(table)}`.execute(db())
        expect(Number(kept.rows[0]?.count), table).toBe(count)
      }
    })

    it('says of an unpaid online order what its own last payment did (migration 0044)', async () => {
      const { rows } = await sql<{ paymentStatus: string; last: string | null }>`
        select o.payment_status as "paymentStatus", (
          select p.status from payments p where p.order_id = o.id and p.purpose = 'order'
          order by p.created_at desc limit 1
        ) as last
        from orders o
        where o.payment_method <> 'cash' and o.status <> 'cancelled' and o.paid_amount < o.total
      `.execute(db())
      for (const { paymentStatus, last } of rows) {
        const expected =
          last === 'pending'
            ? 'pending'
            : last === 'failed' || last === 'cancelled'
              ? 'failed'
              : 'unpaid'
        expect(paymentStatus).toBe(expected)
      }
    })

    it.runIf(release.lastMigration >= EVERY_KIND_SINCE)(
      'holds every kind of row the product stores',
      async () => {
        /** The values a column of a table holds, each once. */
        const kinds = async (table: keyof Database, column: string) => {
          const { rows } = await sql<{ kind: string }>`
            select distinct ${sql.ref(column)}::text as kind from ${sql.table(table)}
            where ${sql.ref(column)} is not null`.execute(db())
          return sorted(rows.map((row) => row.kind))
        }
        // Every status, payment state and alert kind the product has (a new one needs the fixture to grow).
        expect(await kinds('orders', 'status')).toEqual(sorted(orderStatus.options))
        // Migration 0044 makes an unpaid order whose own online payment was in progress
        // `pending`, and one whose own payment failed `failed` (a release before it left none).
        expect(await kinds('orders', 'paymentStatus')).toEqual(
          sorted([
            'unpaid',
            'pending',
            'paid',
            'refunded',
            ...(release.lastMigration >= '0044' ? ['failed'] : []),
          ]),
        )
        expect(await kinds('payments', 'status')).toEqual(sorted(paymentState.options))
        expect(await kinds('payments', 'method')).toEqual(['card', 'sbp'])
        expect(await kinds('payments', 'purpose')).toEqual(['bill', 'order'])
        expect(await kinds('waiterCalls', 'status')).toEqual(['acknowledged', 'done', 'open'])
        expect(await kinds('tableSessions', 'closedReason')).toEqual(['expired', 'settled'])
        expect(await kinds('garconAlerts', 'kind')).toEqual(sorted(garconAlertKind.options))
        expect(await kinds('bonusEntries', 'kind')).toEqual(
          sorted(['welcome', 'birthday', 'spend', 'reverse', 'earn']),
        )
        for (const table of [
          'tips',
          'tableCashSettlements',
          'clients',
          'clientAddresses',
          'clientFavourites',
          'bonusCards',
          'auditLog',
          'kitchenStationCategories',
          'kitchenBumps',
          'retiredTableQrTokens',
          'reportDays',
          'garconLoginFailures',
        ] as const) {
          expect(holds(release, table), table).toBe(true)
        }
        // Tables a later migration made, which a release from then on must fill.
        for (const [table, since] of [
          ['media', '0039'],
          ['signInDevices', '0042'],
          ['serverKeys', '0042'],
          ['smsDailySends', '0043'],
          ['refunds', '0047'],
          ['sandboxAcquirerRefunds', '0047'],
          ['paymentAccounts', '0048'],
          ['fiscalSettings', '0049'],
          ['receipts', '0049'],
        ] as const) {
          if (release.lastMigration >= since) expect(holds(release, table), table).toBe(true)
        }
        const extras = await db()
          .selectNoFrom((eb) => [
            eb
              .exists(eb.selectFrom('orders').where('placedByWaiterId', 'is not', null))
              .as('byWaiter'),
            eb.exists(eb.selectFrom('orders').where('bonusPoints', '>', 0)).as('points'),
            eb.exists(eb.selectFrom('dishes').where('available', '=', false)).as('stopListed'),
            eb
              .exists(eb.selectFrom('waiterCalls').where('escalatedAt', 'is not', null))
              .as('escalated'),
            eb.exists(eb.selectFrom('tips').where('rating', 'is not', null)).as('rated'),
            eb.exists(eb.selectFrom('garconAlerts').where('readAt', 'is not', null)).as('read'),
          ])
          .executeTakeFirstOrThrow()
        expect(Object.values(extras).every(Boolean), JSON.stringify(extras)).toBe(true)

        // Refunds (migration 0047): every kind, every way money goes back, by each kind of
        // actor that refunds; a tip given at checkout, part of one refunded, an order whose price
        // a refund took part off and earned points taken back with it.
        if (release.lastMigration >= '0047') {
          expect(await kinds('refunds', 'kind')).toEqual(sorted(refundKind.options))
          expect(await kinds('refunds', 'way')).toEqual(sorted(refundWay.options))
          // From release cda386f on the bank may hold a refund, or refuse it and be asked again
          // (decisions 0130 and 0139): one refused and left so, one pending at the bank.
          expect(await kinds('refunds', 'state')).toEqual(
            release.lastMigration >= '0051' ? ['done', 'failed', 'in_progress'] : ['done'],
          )
          expect(await kinds('refunds', 'actorKind')).toEqual(['diner', 'manager', 'waiter'])
          const refunds = await db()
            .selectNoFrom((eb) => [
              eb
                .exists(
                  eb
                    .selectFrom('payments')
                    .where('purpose', '=', 'order')
                    .where('tip', '>', 0)
                    .where('status', '=', 'succeeded'),
                )
                .as('tipAtCheckout'),
              eb.exists(eb.selectFrom('tips').where('refundedAmount', '>', 0)).as('tipRefunded'),
              eb.exists(eb.selectFrom('orders').where('takenOff', '>', 0)).as('takenOff'),
              eb
                .exists(eb.selectFrom('refunds').where('pointsTakenBack', '>', 0))
                .as('pointsTakenBack'),
              eb
                .exists(eb.selectFrom('refunds').where('pointsReturned', '>', 0))
                .as('pointsReturned'),
            ])
            .executeTakeFirstOrThrow()
          expect(Object.values(refunds).every(Boolean), JSON.stringify(refunds)).toBe(true)
        }
        // Each restaurant's acquirer (migration 0048): the sandbox, and YooKassa with its secret,
        // which took a payment; a restaurant that went back to the sandbox keeps its YooKassa
        // account and secret for the payments YooKassa holds.
        // From 0051 on the second restaurant has moved from YooKassa to T-Bank, which took
        // payments by card and SBP and gave part of one back.
        if (release.lastMigration >= '0048') {
          const tBank = release.lastMigration >= '0051' ? ['tbank'] : []
          expect(await kinds('paymentAccounts', 'provider')).toEqual(
            sorted(['sandbox', ...(tBank.length > 0 ? tBank : ['yookassa'])]),
          )
          expect(await kinds('payments', 'provider')).toEqual(
            sorted(['sandbox', 'yookassa', ...tBank]),
          )
          const kept = await db()
            .selectFrom('paymentAccounts')
            .select('restaurantId')
            .where('provider', '=', 'sandbox')
            .where('secretSealed', 'is not', null)
            .execute()
          expect(kept.length).toBeGreaterThan(0)
        }
        // Receipts (migration 0049): both ways of sending, of payments and of refunds, in every
        // state (pending: the receipts of refunds the bank holds or refused), one sent again
        // after a refusal; the diner's contact on payments; VAT rates of a category's and a
        // dish's own; a spend given back in two parts (0050); T-Bank's accounts and payments
        // (0051).
        if (release.lastMigration >= '0051') {
          expect(await kinds('fiscalSettings', 'mode')).toEqual(['acquirer', 'atol'])
          expect(await kinds('receipts', 'kind')).toEqual(['sell', 'sell_refund'])
          expect(await kinds('receipts', 'via')).toEqual(['acquirer', 'atol'])
          expect(await kinds('receipts', 'state')).toEqual(sorted(receiptState.options))
          expect(await kinds('paymentAccounts', 'accountProvider')).toEqual(['tbank', 'yookassa'])
          // Migration 0054: a release before it sent no acquirer's receipt again, so none names
          // what it is for apart from its provider id (a first retry copies it, decision 0147);
          // from it on, one refused by YooKassa's register was sent again as a receipt of its own.
          const retriedWithAcquirer = await db()
            .selectFrom('receipts')
            .select(['via', 'generation', 'state'])
            .where('acquirerRef', 'is not', null)
            .execute()
          expect(retriedWithAcquirer).toEqual(
            release.lastMigration >= '0054'
              ? [{ via: 'acquirer', generation: 1, state: 'done' }]
              : [],
          )
          // Migration 0053: from it on, a signed-in diner kept where her receipts go.
          const keptContact = await db()
            .selectFrom('clients')
            .select('id')
            .where('receiptContact', 'is not', null)
            .execute()
          expect(keptContact.length > 0).toBe(release.lastMigration >= '0053')
          const later = await db()
            .selectNoFrom((eb) => [
              eb.exists(eb.selectFrom('receipts').where('generation', '>', 0)).as('sentAgain'),
              eb
                .exists(eb.selectFrom('payments').where('receiptContact', 'is not', null))
                .as('receiptContact'),
              eb
                .exists(eb.selectFrom('menuCategories').where('vatRate', 'is not', null))
                .as('categoryVat'),
              eb.exists(eb.selectFrom('dishes').where('vatRate', 'is not', null)).as('dishVat'),
              eb
                .exists(
                  eb
                    .selectFrom('payments')
                    .where('provider', '=', 'tbank')
                    .where('method', '=', 'sbp')
                    .where('status', '=', 'succeeded'),
                )
                .as('tBankSbp'),
              eb
                .exists(
                  eb
                    .selectFrom('refunds')
                    .innerJoin('payments', 'payments.id', 'refunds.paymentId')
                    .where('payments.provider', '=', 'tbank')
                    .where('refunds.state', '=', 'done'),
                )
                .as('tBankRefund'),
              eb
                .exists(
                  eb
                    .selectFrom('bonusEntries')
                    .where('kind', '=', 'reverse')
                    .where('points', '>', 0)
                    .groupBy('reversesId')
                    .having((having) => having.fn.countAll(), '>', 1)
                    .select('reversesId'),
                )
                .as('returnedInParts'),
            ])
            .executeTakeFirstOrThrow()
          expect(Object.values(later).every(Boolean), JSON.stringify(later)).toBe(true)
        }
      },
    )

    it('reads every order back as it was placed, its table zone in the menu languages, and how it was paid', async () => {
      const paidWays: string[] = []
      for (const row of await rows()) {
        const response = await t.app.inject({ url: `/api/v1/orders/${row.id}` })
        expect(response.statusCode, `order ${String(row.number)}: ${response.body}`).toBe(200)
        const order = orderSchema.parse(response.json())
        expect(order).toMatchObject({ number: row.number, type: row.type, status: row.status })
        expect(order.totals.total).toBe(row.total)
        // How it was paid is read from its payments (decision 0130): each way its own online
        // payments that went through used is named.
        const online = await db()
          .selectFrom('payments')
          .select('method')
          .where('orderId', '=', row.id)
          .where('purpose', '=', 'order')
          .where('status', 'in', ['succeeded', 'refunded'])
          .execute()
        for (const { method } of online) expect(order.paidWith, row.id).toContain(method)
        paidWays.push(order.paidWith.join(' '))
        if (row.type === 'dine_in') {
          expect(order.table).not.toBeNull()
          const zone = order.table?.zone
          expect(zone === null || (typeof zone === 'object' && 'ru' in zone)).toBe(true)
        }
      }
      // From release cda386f on, a table's bill paid partly by SBP and the rest in cash.
      if (release.lastMigration >= '0051') expect(paidWays).toContain('sbp cash')
    })

    it("finds every order for the diner's history", async () => {
      const orders = await rows()
      for (const restaurantId of new Set(orders.map((row) => row.restaurantId))) {
        const ids = orders.filter((row) => row.restaurantId === restaurantId).map((row) => row.id)
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/restaurants/${restaurantId}/orders/lookup`,
          payload: { ids },
        })
        expect(response.statusCode, response.body).toBe(200)
        expect(
          response
            .json<{ orders: { id: string }[] }>()
            .orders.map((o) => o.id)
            .sort(),
        ).toEqual([...ids].sort())
      }
    })

    it('answers a retried order request with the order it placed then', async () => {
      expect(release.requests.length).toBeGreaterThan(0)
      for (const request of release.requests) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/restaurants/${request.restaurantId ?? 'demo'}/orders`,
          headers: { 'idempotency-key': request.idempotencyKey },
          payload: request.body,
        })
        expect(response.statusCode, response.body).toBeLessThan(300)
        expect(response.json<{ id: string }>().id).toBe(request.id)
      }
    })

    it('reads every payment back, with its tip and what the diner said of it', async () => {
      const payments = await db()
        .selectFrom('payments')
        .leftJoin('tips', 'tips.paymentId', 'payments.id')
        .select([
          'payments.id',
          'payments.status',
          'payments.purpose',
          'payments.method',
          'payments.amount',
          'payments.tip',
          'payments.bonusPoints',
          'tips.rating',
          'tips.comment',
        ])
        .execute()
      expect(payments.length).toBeGreaterThan(0)
      for (const row of payments) {
        const payment = await call(t, getPayment, { params: { paymentId: row.id } })
        expect(payment).toMatchObject({
          status: row.status,
          purpose: row.purpose,
          method: row.method,
          amount: row.amount,
          tip: row.tip,
          bonusPoints: row.bonusPoints,
        })
        expect(payment.tipFeedback).toEqual(
          row.rating === null ? null : { rating: row.rating, comment: row.comment },
        )
      }
    })

    it.runIf(holds(release, 'refunds'))(
      "shows each refund on its order to the manager, the diner and the table's bill",
      async () => {
        const refunds = await db()
          .selectFrom('refunds')
          .select([
            'id',
            'orderId',
            'kind',
            'way',
            'amount',
            'takenOff',
            'pointsReturned',
            'pointsTakenBack',
            'state',
            'reason',
            'actorKind',
            'actorName',
          ])
          .execute()
        expect(refunds.length).toBeGreaterThan(0)
        const described = (r: Omit<(typeof refunds)[number], 'orderId'>) =>
          [
            r.id,
            r.kind,
            r.way,
            r.amount,
            r.takenOff,
            r.pointsReturned,
            r.pointsTakenBack,
            r.state,
            r.reason,
            r.actorKind,
            r.actorName,
          ].join(' ')
        /** What refunds and comps took off each line, as the order and the bill say it. */
        const takenOff = (lines: { refundedQuantity?: number; compedQuantity?: number }[]) =>
          lines.map((l) => `${String(l.refundedQuantity ?? 0)} ${String(l.compedQuantity ?? 0)}`)
        for (const orderId of new Set(refunds.map((r) => r.orderId))) {
          const mine = refunds.filter((r) => r.orderId === orderId)
          const row = await db()
            .selectFrom('orders')
            .select(['restaurantId', 'number', 'total', 'lines', 'tableSessionId'])
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow()
          const detail = await call(t, getAdminOrder, {
            params: { orderId },
            headers: await managerHeaders(t, row.restaurantId),
          })
          expect(
            sorted(
              detail.refunds.map((r) =>
                described({ ...r, actorKind: r.actor.kind, actorName: r.actor.name }),
              ),
            ),
          ).toEqual(sorted(mine.map(described)))
          expect(detail.order.totals.total).toBe(row.total)

          // The diner's order: what was taken off each line, and why money went back.
          const response = await t.app.inject({ url: `/api/v1/orders/${orderId}` })
          const order = orderSchema.parse(response.json())
          expect(takenOff(order.lines)).toEqual(takenOff(row.lines))
          expect(
            sorted(
              new Set(
                order.history.flatMap(({ refund }) =>
                  refund?.kind ? [`${refund.kind} ${refund.reason ?? ''}`] : [],
                ),
              ),
            ),
          ).toEqual(
            sorted(
              new Set(mine.filter((r) => r.way !== 'points').map((r) => `${r.kind} ${r.reason}`)),
            ),
          )

          if (row.tableSessionId) {
            const bill = await call(t, getBill, { params: { sessionId: row.tableSessionId } })
            const billed = bill.orders.find((o) => o.number === row.number)
            expect(billed?.totals.total).toBe(row.total)
            expect(takenOff(billed?.lines ?? [])).toEqual(takenOff(row.lines))
          }
        }
      },
    )

    it.runIf(holds(release, 'paymentAccounts'))(
      "shows each manager their restaurant's acquirer, whose secret still opens and works, never sent back",
      async () => {
        const accounts = await db().selectFrom('paymentAccounts').selectAll().execute()
        const box = createSecretBox(Buffer.from(RELEASE_SECRETS_KEY, 'hex'))
        for (const row of accounts) {
          const headers = await managerHeaders(t, row.restaurantId)
          const response = await t.app.inject({
            method: getPaymentAccount.method,
            url: `/api/v1${getPaymentAccount.path}`,
            headers,
          })
          expect(response.statusCode, response.body).toBe(getPaymentAccount.status)
          expect(parse(getPaymentAccount.response, response.json())).toEqual({
            provider: row.provider,
            serverProvider: 'sandbox',
            accountId: row.accountId,
            // Every account a release before 0051 stored was YooKassa's, and says so now.
            accountProvider:
              release.lastMigration >= '0051'
                ? row.accountProvider
                : row.accountId === null
                  ? null
                  : 'yookassa',
            secret: row.secretLast4 === null ? null : { last4: row.secretLast4 },
            live: row.live,
            methods: row.methods,
            canStoreSecrets: true,
            updatedAt: row.updatedAt.toISOString(),
          })
          if (row.secretSealed === null) continue
          // Sealed by the release with its SECRETS_KEY: it opens, and neither it nor the sealed
          // text is ever sent back.
          const secret = box.open(row.secretSealed, row.restaurantId)
          expect(secret.slice(-4)).toBe(row.secretLast4)
          expect(response.body).not.toContain(secret)
          expect(response.body).not.toContain(row.secretSealed)
          if (row.provider === 'yookassa') {
            // The account the release configured is YooKassa's stand-in's: it works as it did.
            expect([row.accountId, secret]).toEqual([STAND_IN_SHOP_ID, STAND_IN_SECRET_KEY])
            const checked = await call(t, checkPaymentAccount, { headers })
            expect(checked).toMatchObject({ ok: true, test: true })
          }
          if (row.provider === 'tbank') {
            // T-Bank's stand-in's test terminal (0051 on), likewise.
            expect([row.accountId, secret]).toEqual([
              TBANK_STAND_IN_TERMINAL_KEY,
              TBANK_STAND_IN_PASSWORD,
            ])
            const checked = await call(t, checkPaymentAccount, { headers })
            expect(checked).toMatchObject({ ok: true, test: true })
          }
        }
      },
    )

    it.runIf(holds(release, 'fiscalSettings'))(
      'shows each manager how their restaurant sends receipts, the АТОЛ password still opening, never sent back',
      async () => {
        const settings = await db().selectFrom('fiscalSettings').selectAll().execute()
        const box = createSecretBox(Buffer.from(RELEASE_SECRETS_KEY, 'hex'))
        for (const row of settings) {
          const response = await t.app.inject({
            method: getFiscalSettings.method,
            url: `/api/v1${getFiscalSettings.path}`,
            headers: await managerHeaders(t, row.restaurantId),
          })
          expect(response.statusCode, response.body).toBe(getFiscalSettings.status)
          expect(parse(getFiscalSettings.response, response.json())).toEqual({
            mode: row.mode,
            atol:
              row.atolLogin === null
                ? null
                : {
                    login: row.atolLogin,
                    secret: row.atolSecretLast4 === null ? null : { last4: row.atolSecretLast4 },
                    groupCode: row.atolGroupCode,
                    live: row.atolLive,
                  },
            companyEmail: row.companyEmail,
            paymentAddress: row.paymentAddress,
            missing: [],
            canStoreSecrets: true,
          })
          if (row.atolSecretSealed === null) continue
          // The release sealed АТОЛ's password with its SECRETS_KEY: it opens, to the stand-in's
          // account the release used, and is never sent back.
          const secret = box.open(row.atolSecretSealed, row.restaurantId)
          expect([row.atolLogin, secret, row.atolGroupCode]).toEqual([
            ATOL_STAND_IN_LOGIN,
            ATOL_STAND_IN_PASSWORD,
            ATOL_STAND_IN_GROUP,
          ])
          expect(secret.slice(-4)).toBe(row.atolSecretLast4)
          expect(response.body).not.toContain(secret)
          expect(response.body).not.toContain(row.atolSecretSealed)
        }
      },
    )

    it.runIf(holds(release, 'receipts'))(
      "shows each order's receipts to its manager and each payment's to its diner; a refused one sent again registers",
      async () => {
        const receipts = await db().selectFrom('receipts').selectAll().execute()
        expect(receipts.length).toBeGreaterThan(0)
        const described = (r: {
          id: string
          kind: string
          state: string
          contact: string
          total: number
          providerId: string | null
          paymentId: string
          refundId: string | null
          via: string
          error: string | null
        }) =>
          [
            r.id,
            r.kind,
            r.state,
            r.contact,
            r.total,
            r.providerId,
            r.paymentId,
            r.refundId,
            r.via,
            r.error,
          ].join(' ')
        for (const orderId of new Set(receipts.map((r) => r.orderId))) {
          const mine = receipts.filter((r) => r.orderId === orderId)
          expect(orderId).not.toBeNull()
          const detail = await call(t, getAdminOrder, {
            params: { orderId: orderId ?? '' },
            headers: await managerHeaders(t, mine[0]?.restaurantId ?? ''),
          })
          expect(sorted(detail.receipts.map(described))).toEqual(sorted(mine.map(described)))
        }

        // The diner reads their payment's receipt where it went and how far it got; the release
        // kept where they asked it to go on the payment.
        for (const receipt of receipts.filter((r) => r.kind === 'sell')) {
          const payment = await call(t, getPayment, { params: { paymentId: receipt.paymentId } })
          expect(payment.receipt).toEqual({ state: receipt.state, contact: receipt.contact })
          const row = await db()
            .selectFrom('payments')
            .select('receiptContact')
            .where('id', '=', receipt.paymentId)
            .executeTakeFirstOrThrow()
          expect(row.receiptContact).not.toBeNull()
        }

        // Each manager sees their restaurant's failed receipts, and no other's.
        for (const { id: restaurantId } of await db()
          .selectFrom('restaurants')
          .select('id')
          .execute()) {
          if (!MANAGERS[restaurantId]) continue
          const failed = await call(t, listFailedReceipts, {
            headers: await managerHeaders(t, restaurantId),
          })
          expect(
            sorted(failed.receipts.map((f) => `${f.receipt.id} ${f.via} ${f.error ?? ''}`)),
          ).toEqual(
            sorted(
              receipts
                .filter((r) => r.restaurantId === restaurantId && r.state === 'failed')
                .map((r) => `${r.id} ${r.via} ${r.error ?? ''}`),
            ),
          )
        }

        // Sent again by today's server, the receipt the release built and АТОЛ refused is a new
        // document at АТОЛ (its next generation) and is registered.
        const refused = receipts.find((r) => r.state === 'failed' && r.via === 'atol')
        if (!refused) throw new Error('The fixture holds no receipt АТОЛ refused')
        const retried = await call(t, retryReceipt, {
          params: { receiptId: refused.id },
          headers: await managerHeaders(t, refused.restaurantId),
        })
        expect(retried.state).toBe('pending')
        for (let round = 0; round < 4; round++) await t.app.outbox.kick()
        const registered = await db()
          .selectFrom('receipts')
          .select(['state', 'generation', 'providerId'])
          .where('id', '=', refused.id)
          .executeTakeFirstOrThrow()
        expect(registered).toMatchObject({ state: 'done', generation: refused.generation + 1 })
        const document = atol.documents().find((d) => d.uuid === registered.providerId)
        expect(document).toMatchObject({
          externalId: `${refused.id}.${String(refused.generation + 1)}`,
          operation: refused.kind,
        })
        expect(document?.receipt).toMatchObject({ total: refused.total / 100 })
      },
    )

    it.runIf(release.lastMigration >= '0049')(
      "gives each manager their menu's VAT rates of a category's and a dish's own",
      async () => {
        const [categories, dishes] = await Promise.all([
          db().selectFrom('menuCategories').select(['restaurantId', 'id', 'vatRate']).execute(),
          db().selectFrom('dishes').select(['restaurantId', 'id', 'vatRate']).execute(),
        ])
        for (const restaurantId of new Set(categories.map((c) => c.restaurantId))) {
          if (!MANAGERS[restaurantId]) continue
          const menu = await call(t, getAdminMenu, {
            headers: await managerHeaders(t, restaurantId),
          })
          const rates = new Map<string, string | null>()
          const walk = (list: (typeof menu.file.menus)[number]['categories']) => {
            for (const category of list) {
              rates.set(`category ${category.id}`, category.vatRate ?? null)
              for (const dish of category.dishes) rates.set(`dish ${dish.id}`, dish.vatRate ?? null)
              walk(category.categories)
            }
          }
          for (const served of menu.file.menus) walk(served.categories)
          const stored = [
            ...categories
              .filter((c) => c.restaurantId === restaurantId)
              .map((c) => [`category ${c.id}`, c.vatRate] as const),
            ...dishes
              .filter((d) => d.restaurantId === restaurantId)
              .map((d) => [`dish ${d.id}`, d.vatRate] as const),
          ]
          expect(new Map(stored), restaurantId).toEqual(rates)
        }
      },
    )

    it("reads every table's session back with its bill, its payments, tips and calls", async () => {
      const sessions = await db()
        .selectFrom('tableSessions')
        .innerJoin('restaurantTables', 'restaurantTables.id', 'tableSessions.tableId')
        .select([
          'tableSessions.id',
          'tableSessions.closedAt',
          'tableSessions.closedReason',
          'restaurantTables.code',
        ])
        .execute()
      expect(sessions.length).toBeGreaterThan(0)
      for (const row of sessions) {
        const params = { sessionId: row.id }
        const session = await call(t, getTableSession, { params })
        expect(session.status).toBe(row.closedAt ? 'closed' : 'open')
        expect(session.closedReason).toBe(row.closedReason)
        expect(session.table.code).toBe(row.code)

        const orders = await db()
          .selectFrom('orders')
          .select(['number', 'status', 'paymentStatus'])
          .where('tableSessionId', '=', row.id)
          .orderBy('number')
          .execute()
        const tips = await db()
          .selectFrom('tips')
          .select('amount')
          .where('tableSessionId', '=', row.id)
          .execute()
        const bill = await call(t, getBill, { params })
        expect(bill.sessionStatus).toBe(session.status)
        expect(bill.table.code).toBe(row.code)
        expect(
          bill.orders.map(({ number, status, paymentStatus }) => ({
            number,
            status,
            paymentStatus,
          })),
        ).toEqual(
          orders.map(({ number, status, paymentStatus }) => ({ number, status, paymentStatus })),
        )
        expect(bill.totals.tips).toBe(tips.reduce((sum, tip) => sum + tip.amount, 0))

        const calls = await db()
          .selectFrom('waiterCalls')
          .select(['id', 'status', 'reason'])
          .where('tableSessionId', '=', row.id)
          .execute()
        const listed = await call(t, listWaiterCalls, { params })
        expect(sorted(listed.calls.map((c) => `${c.id} ${c.reason} ${c.status}`))).toEqual(
          sorted(calls.map((c) => `${c.id} ${c.reason} ${c.status}`)),
        )
      }
    })

    it.runIf(holds(release, 'garconAlerts') || holds(release, 'tips'))(
      'shows each waiter their tips, unread alerts and profile as the release left them',
      async () => {
        const waiters = await db()
          .selectFrom('waiters')
          .select(['id', 'restaurantId', 'login', 'language'])
          .where((eb) =>
            eb.or([
              eb.exists(eb.selectFrom('tips').whereRef('tips.waiterId', '=', 'waiters.id')),
              eb.exists(
                eb.selectFrom('garconAlerts').whereRef('garconAlerts.waiterId', '=', 'waiters.id'),
              ),
            ]),
          )
          .execute()
        expect(waiters.length).toBeGreaterThan(0)
        for (const waiter of waiters) {
          const headers = await waiterHeaders(t, waiter.login, waiter.restaurantId)
          expect((await call(t, getGarconProfile, { headers })).language).toBe(waiter.language)

          // Net of tip refunds, a tip refunded whole gone (decision 0119). A payment refunded
          // by a refund of the refunds table keeps its tip unless asked; one refunded before
          // that table returned its tip with it (decision 0028).
          const tips = await db()
            .selectFrom('tips')
            .innerJoin('payments', 'payments.id', 'tips.paymentId')
            .select([
              'tips.id',
              sql<number>`tips.amount - tips.refunded_amount`.as('amount'),
              'tips.rating',
            ])
            .where('tips.waiterId', '=', waiter.id)
            .where((eb) =>
              eb.or([
                eb('payments.status', '=', 'succeeded'),
                eb.and([
                  eb('payments.status', '=', 'refunded'),
                  eb.exists(
                    eb.selectFrom('refunds').whereRef('refunds.paymentId', '=', 'payments.id'),
                  ),
                ]),
              ]),
            )
            .where((eb) => eb('tips.refundedAmount', '<', eb.ref('tips.amount')))
            .execute()
          const month = await call(t, getGarconTips, { headers, query: { period: 'month' } })
          expect(month.count).toBe(tips.length)
          expect(sorted(month.tips.map((tip) => `${tip.id} ${tip.amount} ${tip.rating}`))).toEqual(
            sorted(tips.map((tip) => `${tip.id} ${tip.amount} ${tip.rating}`)),
          )

          const unread = await db()
            .selectFrom('garconAlerts')
            .select(['id', 'kind'])
            .where('waiterId', '=', waiter.id)
            .where('readAt', 'is', null)
            .execute()
          const alerts = await call(t, listGarconAlerts, { headers })
          expect(alerts.unread).toBe(unread.length)
          expect(sorted(alerts.alerts.map((alert) => `${alert.id} ${alert.kind}`))).toEqual(
            sorted(unread.map((alert) => `${alert.id} ${alert.kind}`)),
          )
        }
      },
    )

    it.runIf(holds(release, 'clients'))(
      'lets each diner sign in again to their profile, addresses, card, points, orders and favourites',
      async () => {
        const clients = await db()
          .selectFrom('clients')
          .select([
            'id',
            'phone',
            'name',
            sql<string | null>`birthday::text`.as('birthday'),
            'receiptContact',
          ])
          .execute()
        for (const client of clients) {
          const headers = await clientHeaders(t, client.phone, 'demo')
          expect(await call(t, getClientMe, { headers })).toMatchObject({
            id: client.id,
            name: client.name,
            birthday: client.birthday,
            // A release before 0053 kept none on a profile (the diner is asked at payment).
            receiptContact: client.receiptContact,
          })

          const addresses = await db()
            .selectFrom('clientAddresses')
            .select('id')
            .where('clientId', '=', client.id)
            .execute()
          expect(
            sorted((await call(t, listClientAddresses, { headers })).addresses.map((a) => a.id)),
          ).toEqual(sorted(addresses.map((a) => a.id)))

          const cards = await db()
            .selectFrom('bonusCards')
            .select(['id', 'restaurantId', 'number', 'balance', 'pending'])
            .where('clientId', '=', client.id)
            .execute()
          for (const row of cards) {
            const { card } = await call(t, getBonusCard, {
              headers,
              query: { restaurantId: row.restaurantId },
            })
            expect(card).toMatchObject({
              number: row.number,
              balance: row.balance,
              pending: row.pending,
            })
            // The card's points are its ledger's (kept by triggers that a load must not fire twice).
            const sum = (status: string) =>
              (card?.entries ?? [])
                .filter((entry) => entry.status === status)
                .reduce((points, entry) => points + entry.points, 0)
            expect([card?.balance, card?.pending]).toEqual([sum('available'), sum('pending')])
            const entries = await db()
              .selectFrom('bonusEntries')
              .select(['id', 'kind', 'points', 'status'])
              .where('cardId', '=', row.id)
              .execute()
            expect(
              sorted((card?.entries ?? []).map((e) => `${e.id} ${e.kind} ${e.points} ${e.status}`)),
            ).toEqual(sorted(entries.map((e) => `${e.id} ${e.kind} ${e.points} ${e.status}`)))
          }

          const restaurants = await db().selectFrom('restaurants').select('id').execute()
          for (const { id: restaurantId } of restaurants) {
            const orders = await db()
              .selectFrom('orders')
              .select(['id', 'status', 'total', 'bonusPoints'])
              .select((eb) =>
                eb
                  .selectFrom('refunds')
                  .select((sub) =>
                    sub.fn.coalesce(sub.fn.sum<string>('pointsReturned'), sub.lit(0)).as('sum'),
                  )
                  .whereRef('refunds.orderId', '=', 'orders.id')
                  .as('pointsReturned'),
              )
              .where('clientId', '=', client.id)
              .where('restaurantId', '=', restaurantId)
              .execute()
            const history = await call(t, listClientOrders, { headers, query: { restaurantId } })
            expect(
              sorted(history.orders.map((o) => `${o.id} ${o.status} ${o.total} ${o.points.spent}`)),
            ).toEqual(
              sorted(
                orders.map(
                  (o) =>
                    // Spent, net of what refunds gave back (in parts from 0050's release on).
                    `${o.id} ${o.status} ${o.total} ${o.status === 'cancelled' ? 0 : o.bonusPoints - Number(o.pointsReturned ?? 0)}`,
                ),
              ),
            )

            const favourites = await db()
              .selectFrom('clientFavourites')
              .select('dishId')
              .where('clientId', '=', client.id)
              .where('restaurantId', '=', restaurantId)
              .orderBy('addedAt', 'desc')
              .execute()
            const saved = await call(t, getFavourites, { headers, query: { restaurantId } })
            expect(saved.favourites.map((f) => f.dishId)).toEqual(favourites.map((f) => f.dishId))
          }
        }
      },
    )

    it.runIf(holds(release, 'auditLog'))(
      "shows the manager the audit log, the kitchen's stations and the day's report",
      async () => {
        const audit = await db()
          .selectFrom('auditLog')
          .select(['id', 'restaurantId', 'action', 'entity'])
          .orderBy('id', 'desc')
          .execute()
        const restaurantIds = new Set(audit.map((entry) => entry.restaurantId))
        for (const restaurantId of restaurantIds) {
          const headers = await managerHeaders(t, restaurantId)
          const log = await call(t, listAudit, { headers })
          expect(log.entries.map((e) => `${e.id} ${e.action} ${e.entity}`)).toEqual(
            audit
              .filter((e) => e.restaurantId === restaurantId)
              .slice(0, log.entries.length)
              .map((e) => `${e.id} ${e.action} ${e.entity}`),
          )
          // Every entry an older release wrote reads as a sentence of its kind (decision 0116).
          const format = csvFormat(
            { locale: 'ru-RU', currency: 'RUB', timezone: 'Europe/Moscow' },
            'ru',
          )
          for (const entry of log.entries) {
            const text = auditLine(auditText(entry, format))
            expect(text, `${entry.entity} ${entry.action}`).not.toContain(` — ${entry.action}`)
            expect(text).not.toMatch(/[{}"]/)
          }

          const stations = await db()
            .selectFrom('kitchenStations')
            .leftJoin(
              'kitchenStationCategories',
              'kitchenStationCategories.stationId',
              'kitchenStations.id',
            )
            .select([
              'kitchenStations.id',
              'kitchenStations.name',
              'kitchenStationCategories.categoryId',
            ])
            .where('kitchenStations.restaurantId', '=', restaurantId)
            .execute()
          const listed = await call(t, listStations, { headers })
          expect(
            sorted(listed.stations.flatMap((s) => s.categoryIds.map((c) => `${s.name}: ${c}`))),
          ).toEqual(
            sorted(
              stations.flatMap((s) =>
                s.categoryId === null ? [] : [`${s.name}: ${s.categoryId}`],
              ),
            ),
          )

          const restaurant = await db()
            .selectFrom('restaurants')
            .select(['kitchenWarnMinutes', 'kitchenLateMinutes'])
            .where('id', '=', restaurantId)
            .executeTakeFirstOrThrow()
          expect(listed.thresholds).toEqual({
            warnMinutes: restaurant.kitchenWarnMinutes,
            lateMinutes: restaurant.kitchenLateMinutes,
          })

          const days = await db()
            .selectFrom('reportDays')
            .select(['timezone', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
            .where('restaurantId', '=', restaurantId)
            .execute()
          for (const { day, timezone } of days) {
            const placed = await db()
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where('restaurantId', '=', restaurantId)
              .where(
                sql<string>`to_char(placed_at at time zone ${timezone}, 'YYYY-MM-DD')`,
                '=',
                day,
              )
              .executeTakeFirstOrThrow()
            const report = await call(t, getAdminReport, { headers, query: { from: day, to: day } })
            expect(report.orders.count + report.orders.cancelled).toBe(Number(placed.count))
            expect(report.revenue.total).toBe(report.revenue.gross - report.revenue.refunded)
            // From migration 0047 on every sum given back is a row of the refunds table: the
            // report's refunds are those of the day's orders, its tips net of their refunds.
            if (!holds(release, 'refunds')) continue
            const onDay = sql<string>`to_char(placed_at at time zone ${timezone}, 'YYYY-MM-DD')`
            const back = await db()
              .selectFrom('refunds')
              .innerJoin('orders', 'orders.id', 'refunds.orderId')
              .select((eb) =>
                eb.fn.coalesce(eb.fn.sum<string>('refunds.amount'), eb.lit(0)).as('sum'),
              )
              .where('orders.restaurantId', '=', restaurantId)
              .where('refunds.kind', '<>', 'tip')
              .where('refunds.state', '<>', 'failed')
              .where(onDay, '=', day)
              .executeTakeFirstOrThrow()
            expect(Number(back.sum)).toBeGreaterThan(0)
            expect(report.refunds.total).toBe(Number(back.sum))
            expect(report.revenue.refunded).toBe(Number(back.sum))
            const tipsBack = await db()
              .selectFrom('tips')
              .select((eb) =>
                eb.fn.coalesce(eb.fn.sum<string>('refundedAmount'), eb.lit(0)).as('sum'),
              )
              .where('restaurantId', '=', restaurantId)
              .where(
                sql<string>`to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD')`,
                '=',
                day,
              )
              .executeTakeFirstOrThrow()
            expect(Number(tipsBack.sum)).toBeGreaterThan(0)
            expect(report.tips.refunded).toBe(Number(tipsBack.sum))
          }
        }
      },
    )

    it("serves every restaurant's profile, a phone written with its country code now in E.164", async () => {
      const restaurants = await db()
        .selectFrom('restaurants')
        .select([
          'id',
          'name',
          'nameEn',
          'phone',
          'logo',
          'legalName',
          'inn',
          'taxSystem',
          'vatRate',
        ])
        .execute()
      expect(restaurants.length).toBeGreaterThan(0)
      for (const row of restaurants) {
        const { id, phone } = row
        const served = await call(t, getRestaurant, { params: { restaurantId: id } })
        expect(served, id).toMatchObject({
          name: row.name,
          nameEn: row.nameEn,
          legalName: row.legalName,
          inn: row.inn,
          logo: row.logo,
        })
        if (phone !== null) {
          // The demo's '+7 495 123-45-67' as every release before 0046 seeded it.
          expect(phone, id).toMatch(/^\+\d{8,15}$/)
          expect(served.phone, id).toMatch(/^\+\d[\d ]+$/)
        }
        // A release before staff (0032) had no manager to ask.
        const manager = await db()
          .selectFrom('staff')
          .select('id')
          .where('restaurantId', '=', id)
          .where('role', '=', 'manager')
          .executeTakeFirst()
        if (!manager) continue
        const profile = await call(t, getAdminProfile, { headers: await managerHeaders(t, id) })
        expect(profile, id).toMatchObject({
          name: { ru: row.name, ...(row.nameEn ? { en: row.nameEn } : {}) },
          phone,
          logo: row.logo,
          legalName: row.legalName,
          inn: row.inn,
          taxSystem: row.taxSystem,
          vatRate: row.vatRate,
        })
      }
      // Every release before 0046 seeded the demo's phone as '+7 495 123-45-67'.
      expect(restaurants.find((row) => row.id === 'demo')?.phone).toBe('+74951234567')
    })

    it.runIf(holds(release, 'smsDailySends'))(
      "shows each manager their settings, the day's SMS codes against the budgets, their sign-ins and staff",
      async () => {
        const restaurants = await db()
          .selectFrom('restaurants')
          .select(['id', 'smsDailyBudget', 'settings'])
          .execute()
        const sent = async (scope: string, day: string) => {
          const row = await db()
            .selectFrom('smsDailySends')
            .select('sent')
            .where('scope', '=', scope)
            .where(sql<string>`to_char(day, 'YYYY-MM-DD')`, '=', day)
            .executeTakeFirst()
          return row?.sent ?? 0
        }
        for (const restaurant of restaurants) {
          const headers = await managerHeaders(t, restaurant.id)
          const settings = await call(t, getAdminSettings, { headers })
          expect(settings.smsDailyBudget, restaurant.id).toBe(restaurant.smsDailyBudget)
          expect(settings.settings).toMatchObject(restaurant.settings)
          const budget = await call(t, getAdminSmsBudget, { headers })
          expect(budget.restaurant.budget).toBe(restaurant.smsDailyBudget)
          expect(budget.restaurant.sent).toBe(await sent(restaurant.id, budget.restaurant.day))
          expect(budget.server.sent).toBe(await sent('', budget.server.day))

          // The sign-ins the release left in force, with the browser and place each came from.
          const manager = MANAGERS[restaurant.id]
          const live = await db()
            .selectFrom('staffSessions')
            .innerJoin('staff', 'staff.id', 'staffSessions.staffId')
            .select(['staffSessions.id', 'staffSessions.userAgent', 'staffSessions.address'])
            .where('staff.restaurantId', '=', restaurant.id)
            .where('staff.login', '=', manager?.login ?? '')
            .where('staffSessions.revokedAt', 'is', null)
            .where('staffSessions.expiresAt', '>', (t.now ?? (() => new Date()))())
            .execute()
          const { sessions } = await call(t, listAdminSessions, { headers })
          // The release's, and those this test's sign-ins made (this one among them).
          expect(
            sorted(sessions.map((s) => `${s.id} ${s.userAgent ?? ''} ${s.address ?? ''}`)),
          ).toEqual(sorted(live.map((s) => `${s.id} ${s.userAgent ?? ''} ${s.address ?? ''}`)))
          expect(live.some((s) => s.userAgent?.startsWith('Mozilla/') === true)).toBe(true)

          const staff = await db()
            .selectFrom('staff')
            .select(['id', 'login', 'totpSecret'])
            .where('restaurantId', '=', restaurant.id)
            .execute()
          const listed = await call(t, listAdminStaff, { headers })
          expect(sorted(listed.staff.map((s) => `${s.login} ${String(s.totpEnabled)}`))).toEqual(
            sorted(staff.map((s) => `${s.login} ${String(s.totpSecret !== null)}`)),
          )
        }
      },
    )

    it.runIf(holds(release, 'serverKeys'))(
      'keeps the keys the release made: Web Push devices subscribed to its public key still hear',
      async () => {
        // The pair as the release stored it, not whatever the table holds now.
        const kept = /^INSERT INTO server_keys .*'web-push-vapid', '(\{.*\})'\);$/m.exec(
          release.data,
        )?.[1]
        expect(kept).toBeDefined()
        const headers = await waiterHeaders(t, 'anna')
        const { publicKey } = await call(t, getGarconPushKey, { headers })
        expect(publicKey).toBe((JSON.parse(kept ?? '{}') as { publicKey: string }).publicKey)
      },
    )

    it.runIf(holds(release, 'media'))(
      'serves every photo the release stored in the database, as it stored it',
      async () => {
        const media = await db()
          .selectFrom('media')
          .select(['restaurantId', 'name', 'content', 'contentType'])
          .execute()
        for (const { restaurantId, name, content, contentType } of media) {
          const served = await t.app.inject({ url: `/media/photos/${restaurantId}/${name}` })
          expect(served.statusCode, name).toBe(200)
          expect(served.headers['content-type']).toBe(contentType)
          expect(served.rawPayload.equals(Buffer.from(content))).toBe(true)
        }
      },
    )

    it('serves every dish of the menu, stop-listed ones as not available', async () => {
      const dishes = await db()
        .selectFrom('dishes')
        .select(['restaurantId', 'id', 'available'])
        .execute()
      for (const restaurantId of new Set(dishes.map((d) => d.restaurantId))) {
        const menu = await call(t, getMenu, { params: { restaurantId } })
        const served = new Map(menu.dishes.map((d) => [d.id, d.available]))
        for (const row of dishes.filter((d) => d.restaurantId === restaurantId)) {
          expect(served.get(row.id), row.id).toBe(row.available)
        }
      }
    })

    it.runIf(holds(release, 'kitchenBumps'))(
      'shows the kitchen the dishes it bumped on orders it still cooks',
      async () => {
        const bumps = await db()
          .selectFrom('kitchenBumps')
          .innerJoin('orders', 'orders.id', 'kitchenBumps.orderId')
          .select(['orders.restaurantId', 'orders.id', 'kitchenBumps.lineIndex'])
          .where('orders.status', 'in', ['accepted', 'cooking'])
          .execute()
        expect(bumps.length).toBeGreaterThan(0)
        for (const restaurantId of new Set(bumps.map((b) => b.restaurantId))) {
          const board = await call(t, getKitchenBoard, {
            headers: await kitchenHeaders(t, restaurantId),
          })
          for (const bump of bumps.filter((b) => b.restaurantId === restaurantId)) {
            const item = board.tickets
              .filter((ticket) => ticket.orderId === bump.id)
              .flatMap((ticket) => ticket.items)
              .find((candidate) => candidate.line === bump.lineIndex)
            expect(item?.bumpedAt, `${bump.id} line ${String(bump.lineIndex)}`).toBeTruthy()
          }
        }
      },
    )

    it.runIf(holds(release, 'retiredTableQrTokens'))(
      "tells a diner scanning a table's replaced QR code that it was replaced",
      async () => {
        const retired = await db()
          .selectFrom('retiredTableQrTokens')
          .select(['restaurantId', 'qrToken'])
          .execute()
        for (const { restaurantId, qrToken } of retired) {
          const response = await t.app.inject({
            method: openTableSession.method,
            url: `/api/v1${fillPath(openTableSession.path, { restaurantId })}`,
            payload: { tableToken: qrToken },
          })
          expect(response.json<{ error: { code: string } }>().error.code, response.body).toBe(
            'table_qr_replaced',
          )
        }
      },
    )

    it.skipIf(!release.photos)(
      'serves the photos the release kept as files from the database, on any node, stored once',
      async () => {
        const photos = release.photos ?? ''
        const [dishes, stories] = await Promise.all([
          db().selectFrom('dishes').select('photo').execute(),
          db().selectFrom('stories').select('media').execute(),
        ])
        const shown = new Set(
          [...dishes.map((row) => row.photo?.url), ...stories.map((row) => row.media.url)]
            .filter((url) => url?.startsWith('/media/photos/'))
            .map((url) => url?.replace(/[^/]+$/, '')),
        )
        expect(shown.size).toBeGreaterThan(0)
        const stored = () => db().selectFrom('media').select(['restaurantId', 'name']).execute()
        const readAll = async (app: TestApp['app']) => {
          for (const base of shown) {
            for (const file of PHOTO_FILES) {
              const served = await app.inject({ url: `${base ?? ''}${file}` })
              expect(served.statusCode, `${base ?? ''}${file}`).toBe(200)
              const written = await readFile(
                join(photos, `${base ?? ''}${file}`.slice('/media/photos/'.length)),
              )
              expect(served.rawPayload.equals(written)).toBe(true)
            }
          }
        }
        await readAll(t.app)
        // Only what a dish or story shows is carried over: the sweep would delete the rest.
        const files = await stored()
        expect(files.length).toBe(shown.size * PHOTO_FILES.length)
        const unused = (await readdir(join(photos, 'demo'))).filter(
          (hash) => ![...shown].some((base) => base?.includes(`/${hash}/`)),
        )
        expect(unused.length).toBeGreaterThan(0)
        for (const hash of unused) {
          expect(files.filter(({ name }) => name.startsWith(`${hash}/`))).toEqual([])
        }

        // Nodes starting at once on the old files store each file once; one without the files
        // (another machine) serves them all the same.
        await db().deleteFrom('media').execute()
        const empty = await mkdtemp(join(tmpdir(), 'tableside-upgrade-empty-'))
        const nodes = await Promise.all([dataDir, dataDir].map((dir) => startNode(t.database, dir)))
        const elsewhere = await startNode(t.database, empty)
        try {
          expect((await stored()).length).toBe(files.length)
          await readAll(elsewhere.app)
        } finally {
          for (const node of [...nodes, elsewhere]) await node.app.close()
          await rm(empty, { recursive: true, force: true })
        }
      },
    )

    it("lets the release's waiter sign in with their PIN and move an old order on", async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/garcon/login',
        payload: { restaurantId: 'demo', login: 'anna', pin: '1111' },
      })
      expect(login.statusCode, login.body).toBe(200)
      const headers = { [GARCON_TOKEN_HEADER]: login.json<{ token: string }>().token }
      const orders = (await rows()).filter((row) => row.restaurantId === 'demo')
      // A pickup waiting to be accepted, and a dine-in order at the waiter's table T1 cooking.
      const moves = [
        {
          order: orders.find((row) => row.type === 'pickup' && row.status === 'placed'),
          to: 'accepted',
        },
        {
          order: orders.find((row) => row.type === 'dine_in' && row.status === 'cooking'),
          to: 'ready',
        },
      ]
      for (const { order, to } of moves) {
        expect(order).toBeDefined()
        const moved = await t.app.inject({
          method: 'POST',
          url: `/api/v1/garcon/orders/${order?.id ?? ''}/status`,
          headers,
          payload: { status: to },
        })
        expect(moved.statusCode, moved.body).toBe(200)
        expect(moved.json<{ status: string }>().status).toBe(to)
      }
    })
  })
})
