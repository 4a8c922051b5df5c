import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminFloor,
  adminTable,
  adminZone,
  type AdminFloor,
} from '@tableside/contracts/admin-tables'
import { errorBody } from '@tableside/contracts/errors'
import { tableSession } from '@tableside/contracts/table-sessions'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsAnna,
  signInAsKitchen,
  signInAsManager,
} from '../../test/test-restaurants'
import { tableCodeLine, tableTitle } from './qr-print'
import { readPdf } from './test-pdf'

const HOST = 'tableside.test'
const asManager = (token: string) => ({ 'x-manager-token': token, host: HOST })

describe.each(testDatabaseKinds)('The back office’s tables and QR codes on $name', (kind) => {
  let t: TestApp
  let manager: string
  let bistroManager: string
  let kitchen: string
  let waiter: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password-1')
    ;[manager, kitchen, waiter] = await Promise.all([
      signInAsManager(t.app).then((signed) => signed.token),
      signInAsKitchen(t.app).then((signed) => signed.token),
      signInAsAnna(t.app).then((signed) => signed.token),
    ])
    const bistro = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin/login',
      payload: { restaurantId: 'bistro', login: 'boss', password: 'bistro-password-1' },
    })
    expect(bistro.statusCode).toBe(200)
    bistroManager = bistro.json<{ token: string }>().token
  })
  afterAll(async () => {
    await t.close()
  })

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    token = manager,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: asManager(token),
      ...(payload ? { payload } : {}),
    })
  const floor = async (token = manager): Promise<AdminFloor> => {
    const answer = await call('GET', '/admin/tables', undefined, token)
    expect(answer.statusCode).toBe(200)
    return adminFloor.parse(answer.json())
  }
  const tableByCode = async (code: string) => {
    const table = (await floor()).tables.find((row) => row.code === code)
    if (!table) throw new Error(`No table ${code}`)
    return table
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('table') ?? ''
  const scan = (tableToken: string, restaurantId = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/table-sessions`,
      payload: { tableToken },
    })
  const audit = (entityId: string) =>
    t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', entityId)
      .orderBy('id')
      .execute()
  const rowCounts = async () => {
    const [tables, zones, retired] = await Promise.all([
      t.database.db
        .selectFrom('restaurantTables')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute(),
      t.database.db
        .selectFrom('tableZones')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute(),
      t.database.db
        .selectFrom('retiredTableQrTokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute(),
    ])
    const snapshot = await t.database.db
      .selectFrom('restaurantTables')
      .select(['code', 'label', 'seats', 'enabled', 'qrToken', 'zoneId'])
      .orderBy('id')
      .execute()
    return JSON.stringify({ tables, zones, retired, snapshot })
  }

  it('lists the zones in order and every table with the QR link at the address the manager used', async () => {
    const demo = await floor()
    expect(demo.restaurantName.length).toBeGreaterThan(0)
    expect(demo.zones.map((zone) => [zone.name.ru, zone.tableCount])).toEqual([
      ['Зал', 8],
      ['Терраса', 4],
    ])
    expect(demo.tables.map((table) => table.code)).toEqual([
      'T1',
      'T2',
      'T3',
      'T4',
      'T5',
      'T6',
      'T7',
      'T8',
      'T9',
      'T10',
      'T11',
      'T12',
    ])
    const stored = await t.database.db
      .selectFrom('restaurantTables')
      .select(['code', 'qrToken'])
      .where('restaurantId', '=', 'demo')
      .execute()
    for (const table of demo.tables) {
      const token = stored.find((row) => row.code === table.code)?.qrToken
      expect(table.qrLink).toBe(`http://${HOST}/rest/demo/init?table=${String(token)}`)
    }
  })

  it('refuses every route without a manager’s token: none, a waiter’s, the kitchen’s, a diner', async () => {
    const { tables, zones } = await floor()
    const tableId = tables[0]?.id ?? ''
    const zoneId = zones[0]?.id ?? ''
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/admin/tables'],
      ['POST', '/admin/zones', { name: { ru: 'Бар' } }],
      ['PATCH', `/admin/zones/${zoneId}`, { name: { ru: 'Бар' } }],
      ['DELETE', `/admin/zones/${zoneId}`],
      ['POST', '/admin/tables', { code: 'X1', label: 'X1', zoneId: null, seats: 2 }],
      ['PATCH', `/admin/tables/${tableId}`, { seats: 9 }],
      ['POST', `/admin/tables/${tableId}/rotate-token`],
      ['POST', '/admin/tables/qr-pdf', { layout: 'a4' }],
    ]
    const before = await rowCounts()
    const strangers: Record<string, string>[] = [
      {},
      { 'x-garcon-token': waiter },
      { 'x-kitchen-token': kitchen },
      { 'x-manager-token': waiter },
      { 'x-manager-token': kitchen },
      { 'x-manager-token': 'not-a-token' },
    ]
    for (const [method, url, payload] of routes) {
      for (const headers of strangers) {
        const answer = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers,
          ...(payload ? { payload } : {}),
        })
        expect(answer.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401)
        expect(errorBody.parse(answer.json()).error.code).toBe('unauthorized')
      }
    }
    expect(await rowCounts()).toBe(before)
  })

  it('gives another restaurant’s manager their own tables only, and 404 for the demo’s ids', async () => {
    const bistro = await floor(bistroManager)
    expect(bistro.tables.map((table) => table.code)).toEqual(['B1'])
    const demo = await floor()
    const tableId = demo.tables[0]?.id ?? ''
    const zoneId = demo.zones[0]?.id ?? ''
    const before = await rowCounts()
    const attempts: [method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['PATCH', `/admin/zones/${zoneId}`, { name: { ru: 'Чужой' } }],
      ['DELETE', `/admin/zones/${zoneId}`],
      ['PATCH', `/admin/tables/${tableId}`, { enabled: false }],
      ['POST', `/admin/tables/${tableId}/rotate-token`],
      ['POST', '/admin/tables/qr-pdf', { layout: 'a4', tableIds: [tableId] }],
    ]
    for (const [method, url, payload] of attempts) {
      const answer = await call(method, url, payload, bistroManager)
      expect(answer.statusCode, `${method} ${url}`).toBe(404)
      expect(JSON.stringify(answer.json())).not.toContain('T1')
    }
    const intoDemoZone = await call(
      'POST',
      '/admin/tables',
      { code: 'B2', label: 'B2', zoneId, seats: 2 },
      bistroManager,
    )
    expect(intoDemoZone.statusCode).toBe(400)
    expect(errorBody.parse(intoDemoZone.json()).error.fields?.[0]?.path).toBe('body.zoneId')
    expect(await rowCounts()).toBe(before)
  })

  it('adds a zone and a table in it, each with an audit entry, and the diners read the zone', async () => {
    const zone = await call('POST', '/admin/zones', { name: { ru: 'Веранда', en: 'Veranda' } })
    expect(zone.statusCode).toBe(201)
    const veranda = adminZone.parse(zone.json())
    expect(veranda).toMatchObject({ name: { ru: 'Веранда', en: 'Veranda' }, position: 2 })
    const created = await call('POST', '/admin/tables', {
      code: 'V1',
      label: 'Веранда 1',
      zoneId: veranda.id,
      seats: 6,
    })
    expect(created.statusCode).toBe(201)
    const v1 = adminTable.parse(created.json())
    expect(v1).toMatchObject({ code: 'V1', seats: 6, enabled: true, occupied: false })
    expect(tokenOf(v1.qrLink)).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const session = await scan(tokenOf(v1.qrLink))
    expect(session.statusCode).toBe(201)
    expect(tableSession.parse(session.json()).table).toEqual({
      code: 'V1',
      label: 'Веранда 1',
      zone: { ru: 'Веранда', en: 'Veranda' },
    })

    const renamed = await call('PATCH', `/admin/zones/${veranda.id}`, {
      name: { ru: 'Летняя веранда' },
    })
    expect(renamed.statusCode).toBe(200)
    const again = await scan(tokenOf(v1.qrLink))
    expect(tableSession.parse(again.json()).table.zone).toEqual({ ru: 'Летняя веранда' })

    // A zone at the last position the database takes: the next one added shares it, no 500.
    expect(
      (await call('PATCH', `/admin/zones/${veranda.id}`, { position: 10_000 })).statusCode,
    ).toBe(200)
    const next = await call('POST', '/admin/zones', { name: { ru: 'Сад' } })
    expect(next.statusCode).toBe(201)
    expect(adminZone.parse(next.json()).position).toBe(10_000)
    expect(
      (await call('DELETE', `/admin/zones/${adminZone.parse(next.json()).id}`)).statusCode,
    ).toBe(200)

    const [zoneEntries, tableEntries] = await Promise.all([audit(veranda.id), audit(v1.id)])
    expect(zoneEntries.map((entry) => entry.action)).toEqual(['create', 'update', 'update'])
    expect(tableEntries.map((entry) => entry.action)).toEqual(['create'])
    expect(JSON.stringify(tableEntries)).not.toContain(tokenOf(v1.qrLink))
  })

  it('refuses a code another table has (any case) and bad fields, changing nothing', async () => {
    const before = await rowCounts()
    const taken = await call('POST', '/admin/tables', {
      code: 't2',
      label: 'Second T2',
      zoneId: null,
      seats: 2,
    })
    expect(taken.statusCode).toBe(409)
    expect(errorBody.parse(taken.json()).error).toMatchObject({
      code: 'table_code_taken',
      fields: [{ path: 'body.code' }],
    })
    const t3 = await tableByCode('T3')
    const renamed = await call('PATCH', `/admin/tables/${t3.id}`, { code: 'T4' })
    expect(renamed.statusCode).toBe(409)
    expect(errorBody.parse(renamed.json()).error.fields?.[0]?.path).toBe('body.code')

    for (const [body, field] of [
      [{ code: 'X 1', label: 'X', zoneId: null, seats: 2 }, 'body.code'],
      [{ code: 'X1', label: ' ', zoneId: null, seats: 2 }, 'body.label'],
      [{ code: 'X1', label: 'X', zoneId: null, seats: 0 }, 'body.seats'],
      [{ code: 'X1', label: 'X', zoneId: null, seats: 101 }, 'body.seats'],
      [{ code: 'X1', label: 'X', zoneId: null, seats: 2.5 }, 'body.seats'],
      [{ code: 'X1', label: 'X', zoneId: 'hall', seats: 2 }, 'body.zoneId'],
    ] as const) {
      const answer = await call('POST', '/admin/tables', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      const { error } = errorBody.parse(answer.json())
      expect(error.code).toBe('validation_failed')
      expect(error.fields?.map((f) => f.path)).toContain(field)
    }
    const seats = await call('PATCH', `/admin/tables/${t3.id}`, { seats: 1000 })
    expect(seats.statusCode).toBe(400)
    const zone = await call('POST', '/admin/zones', { name: { ru: 'зал' } })
    expect(zone.statusCode).toBe(409)
    expect(errorBody.parse(zone.json()).error).toMatchObject({
      code: 'zone_name_taken',
      fields: [{ path: 'body.name.ru' }],
    })
    expect(await rowCounts()).toBe(before)
  })

  it('deletes an empty zone only', async () => {
    const { zones } = await floor()
    const hall = zones.find((zone) => zone.name.ru === 'Зал')
    const full = await call('DELETE', `/admin/zones/${hall?.id ?? ''}`)
    expect(full.statusCode).toBe(409)
    expect(errorBody.parse(full.json()).error.code).toBe('zone_not_empty')
    const bar = adminZone.parse(
      (await call('POST', '/admin/zones', { name: { ru: 'Бар' } })).json(),
    )
    const gone = await call('DELETE', `/admin/zones/${bar.id}`)
    expect(gone.statusCode).toBe(200)
    expect((await floor()).zones.some((zone) => zone.id === bar.id)).toBe(false)
    expect((await audit(bar.id)).map((entry) => entry.action)).toEqual(['create', 'delete'])
  })

  it('keeps a table with guests in service, and takes a free one out: its scan then says so', async () => {
    const t5 = await tableByCode('T5')
    expect((await scan(tokenOf(t5.qrLink))).statusCode).toBe(201)
    expect((await tableByCode('T5')).occupied).toBe(true)
    const refused = await call('PATCH', `/admin/tables/${t5.id}`, { enabled: false })
    expect(refused.statusCode).toBe(409)
    expect(errorBody.parse(refused.json()).error).toMatchObject({
      code: 'table_occupied',
      fields: [{ path: 'body.enabled' }],
    })
    expect((await tableByCode('T5')).enabled).toBe(true)

    const t11 = await tableByCode('T11')
    const off = await call('PATCH', `/admin/tables/${t11.id}`, { enabled: false, seats: 8 })
    expect(off.statusCode).toBe(200)
    expect(adminTable.parse(off.json())).toMatchObject({ enabled: false, seats: 8 })
    const scanned = await scan(tokenOf(t11.qrLink))
    expect(errorBody.parse(scanned.json()).error.code).toBe('table_disabled')
    const [entry] = await audit(t11.id)
    expect(entry).toMatchObject({ action: 'update', entity: 'table' })
    expect(JSON.stringify(entry)).not.toContain(tokenOf(t11.qrLink))
    expect((await call('PATCH', `/admin/tables/${t11.id}`, { enabled: true })).statusCode).toBe(200)
  })

  it('rotates a table’s token: the old print says it was replaced, the guests stay, the new one joins them', async () => {
    const t6 = await tableByCode('T6')
    const oldToken = tokenOf(t6.qrLink)
    const opened = tableSession.parse((await scan(oldToken)).json())
    const rotated = await call('POST', `/admin/tables/${t6.id}/rotate-token`)
    expect(rotated.statusCode).toBe(200)
    const fresh = adminTable.parse(rotated.json())
    const newToken = tokenOf(fresh.qrLink)
    expect(newToken).not.toBe(oldToken)
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const old = await scan(oldToken)
    expect(old.statusCode).toBe(410)
    expect(errorBody.parse(old.json()).error.code).toBe('table_qr_replaced')
    const joined = await scan(newToken)
    expect(tableSession.parse(joined.json()).id).toBe(opened.id)
    const bill = await t.app.inject({ url: `/api/v1/table-sessions/${opened.id}/bill` })
    expect(bill.statusCode).toBe(200)

    const entries = await audit(t6.id)
    expect(entries.map((entry) => entry.action)).toEqual(['rotate'])
    const text = JSON.stringify(entries)
    expect(text).not.toContain(oldToken)
    expect(text).not.toContain(newToken)
    expect(text).toContain('rotated')
  })

  it('prints every active table as A4 sheets of six codes that open those tables', async () => {
    const { tables, restaurantName } = await floor()
    const active = tables.filter((table) => table.enabled)
    const answer = await call('POST', '/admin/tables/qr-pdf', { layout: 'a4' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/)
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const pages = await readPdf(answer.rawPayload, { columns: 2, rows: 3 })
    expect(pages).toHaveLength(Math.ceil(active.length / 6))
    expect(pages.flatMap((page) => page.codes)).toEqual(active.map((table) => table.qrLink))
    expect(pages.flatMap((page) => page.links)).toEqual(active.map((table) => table.qrLink))
    expect(pages[0]?.text).toContain(restaurantName)
    expect(pages[0]?.text).toContain('Стол 1')
    expect(pages[0]?.text).toContain('Код стола T1')
  })

  it('prints the chosen tables as tents, one folded sheet each, both faces the table’s code', async () => {
    const t2 = await tableByCode('T2')
    const t9 = await tableByCode('T9')
    const answer = await call('POST', '/admin/tables/qr-pdf', {
      layout: 'tent',
      tableIds: [t9.id, t2.id],
    })
    expect(answer.statusCode).toBe(200)
    const pages = await readPdf(answer.rawPayload, { columns: 1, rows: 2 })
    expect(pages.map((page) => page.codes)).toEqual([
      [t2.qrLink, t2.qrLink],
      [t9.qrLink, t9.qrLink],
    ])
    expect(pages[1]?.text).toContain('Стол 9')
    expect(pages[1]?.text).toContain('Терраса')
    expect(pages[1]?.text).toContain('Код стола T9')

    const unknown = await call('POST', '/admin/tables/qr-pdf', {
      layout: 'tent',
      tableIds: ['00000000-0000-4000-8000-000000000000'],
    })
    expect(unknown.statusCode).toBe(404)
    const badLayout = await call('POST', '/admin/tables/qr-pdf', { layout: 'poster' })
    expect(badLayout.statusCode).toBe(400)
  })
})

describe('A printed table card', () => {
  it('calls a numbered table and a named one «Стол», and names the code the staff know it by', () => {
    expect(tableTitle({ label: '7' })).toBe('Стол 7')
    expect(tableTitle({ label: 'У фонтана' })).toBe('Стол «У фонтана»')
    expect(tableCodeLine({ code: 'T7' })).toBe('Код стола T7 · table code')
  })
})
