import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_PAGE, listAudit, listAuditActors } from '@tableside/contracts/audit'
import { auditText } from '@tableside/contracts/audit-sentence'
import { adminMenu } from '@tableside/contracts/menu-admin'
import type { Manager } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'
import { auditSmsBudget, createAuditLog } from './audit-log'
import { csvFormat } from './audit-csv'

/** A CSV as a spreadsheet reads it (quotes, doubled quotes, separators and CRLF inside quotes). */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [[]]
  let field = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i += 1) {
    const c = body.charAt(i)
    if (quoted) {
      if (c === '"' && body.charAt(i + 1) === '"') {
        field += '"'
        i += 1
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === separator) {
      rows.at(-1)?.push(field)
      field = ''
    } else if (c === '\r' && body.charAt(i + 1) === '\n') {
      rows.at(-1)?.push(field)
      field = ''
      rows.push([])
      i += 1
    } else field += c
  }
  return rows.filter((row) => row.length > 0)
}

const plain = (text: string) => text.replace(/\s/g, ' ')

// Issue 30: the manager reads who changed what in words, filters by who, what and when (days on
// the restaurant's calendar) a page at a time, and takes the same as CSV (decision 0116).
describe.each(testDatabaseKinds)('The audit log by who, what and when on $name', (kind) => {
  let t: TestApp
  let maria: { manager: Manager; token: string }
  let olegId: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password')
    olegId = await addManager(t, 'demo', 'oleg', 'oleg-password-1')
    maria = await signInAsManager(t.app)
  })
  afterAll(async () => {
    await t.close()
  })

  const get = (url: string, token = maria.token) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'x-manager-token': token } })
  const page = async (query = '') => {
    const response = await get(`/admin/audit${query}`)
    expect(response.statusCode).toBe(200)
    return listAudit.response.parse(response.json())
  }

  it('says who changed a price, in words, on the page and in the CSV', async () => {
    const menu = adminMenu.parse((await get('/admin/menu')).json())
    const soups = menu.file.menus[0]?.categories.find((category) => category.id === 'soups')
    const solyanka = soups?.dishes.find((dish) => dish.id === 'solyanka')
    if (!solyanka) throw new Error('The demo has no solyanka')
    for (const price of [42000, 45000]) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/menu/dishes/solyanka',
        headers: { 'x-manager-token': maria.token },
        payload: { categoryId: 'soups', dish: { ...solyanka, price } },
      })
      expect(saved.statusCode).toBe(200)
    }
    const [entry] = (await page('?entity=dish')).entries
    if (!entry) throw new Error('No entry of the price')
    expect(entry.subject).toEqual({ ru: 'Солянка мясная сборная', en: 'Mixed meat solyanka' })
    const restaurant = { locale: 'ru-RU', currency: 'RUB', timezone: 'Europe/Moscow' }
    expect(plain(auditText(entry, csvFormat(restaurant, 'en')).sentence)).toBe(
      'Мария Петровна changed the price of «Mixed meat solyanka» from 420 ₽ to 450 ₽',
    )

    const csv = await get('/admin/audit.csv?entity=dish&lang=ru')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const [headings, first] = parseCsv(csv.body, ';')
    expect(headings?.slice(0, 3)).toEqual(['Когда', 'Кто', 'Что произошло'])
    expect(first?.slice(1, 3).map(plain)).toEqual([
      'Мария Петровна',
      'Мария Петровна: цена блюда «Солянка мясная сборная» — было 420 ₽, стало 450 ₽',
    ])
    // The machine's columns: the moment, the ids and the rows as they were recorded.
    expect(first?.slice(3, 9)).toEqual([
      entry.at,
      entry.id,
      maria.manager.id,
      'dish',
      'update',
      'solyanka',
    ])
    expect(JSON.parse(first?.[10] ?? '')).toMatchObject({ id: 'solyanka', price: 45000 })
    const english = parseCsv((await get('/admin/audit.csv?entity=dish&lang=en')).body, ',')
    expect(plain(english[1]?.[2] ?? '')).toBe(
      'Мария Петровна changed the price of «Mixed meat solyanka» from 420 ₽ to 450 ₽',
    )
  })

  it('names what an older entry only gave by id, as it is called now, or says nothing', async () => {
    const audit = createAuditLog(t.database.db)
    const hall = await t.database.db
      .selectFrom('tableZones')
      .select('id')
      .where('restaurantId', '=', 'demo')
      .orderBy('position')
      .executeTakeFirstOrThrow()
    // Written as releases before decision 0116 wrote a stop: the dish by id only.
    for (const entityId of ['pickles', 'gone-dish']) {
      await audit.record(t.database.db, maria.manager, {
        action: 'stop',
        entity: 'dish',
        entityId,
        before: { available: true },
        after: { available: false },
      })
    }
    await audit.record(t.database.db, maria.manager, {
      action: 'update',
      entity: 'table',
      entityId: '8ef45a62-5206-475d-925b-ef7c7a484d15',
      before: { code: 'T9', label: 'T9', zoneId: null },
      after: { code: 'T9', label: 'T9', zoneId: hall.id },
    })
    const [table, gone, pickles] = (await page()).entries
    expect(pickles?.subject).toEqual({ ru: 'Бочковые соленья', en: 'Barrel pickles' })
    expect(gone?.subject).toBeNull()
    expect(table?.names).toEqual({ [hall.id]: { ru: 'Зал', en: 'Hall' } })
  })

  it('filters by who, what and when, a page at a time', async () => {
    const audit = createAuditLog(t.database.db)
    const oleg = { ...maria.manager, id: olegId, name: 'Олег' }
    for (let i = 0; i < AUDIT_PAGE + 5; i += 1) {
      await audit.record(t.database.db, oleg, {
        action: 'update',
        entity: 'zone',
        entityId: `zone-${String(i)}`,
        before: { position: i },
        after: { position: i + 1 },
      })
    }
    await auditSmsBudget(t.database.db)({
      scope: 'restaurant',
      restaurantId: 'demo',
      level: 'nearly_spent',
      day: '2026-11-29',
      sent: 160,
      budget: 200,
      at: new Date('2026-11-28T20:59:59Z'),
    })
    await auditSmsBudget(t.database.db)({
      scope: 'restaurant',
      restaurantId: 'demo',
      level: 'spent',
      day: '2026-11-29',
      sent: 200,
      budget: 200,
      at: new Date('2026-11-28T21:00:00Z'),
    })

    const first = await page(`?actor=${olegId}`)
    expect(first.entries).toHaveLength(AUDIT_PAGE)
    expect(first.more).toBe(true)
    expect(new Set(first.entries.map((entry) => entry.actor.name))).toEqual(new Set(['Олег']))
    const next = await page(`?actor=${olegId}&before=${first.entries.at(-1)?.id ?? ''}`)
    expect(next.entries.map((entry) => entry.entityId)).toEqual([
      'zone-4',
      'zone-3',
      'zone-2',
      'zone-1',
      'zone-0',
    ])
    expect(next.more).toBe(false)
    const zonesOfMaria = await page(`?actor=${maria.manager.id}&entity=zone`)
    expect(zonesOfMaria.entries).toEqual([])

    // 20:59:59 UTC is 23:59:59 on the 28th in Moscow; 21:00 is midnight of the 29th.
    const server = await page('?actor=server&from=2026-11-29&to=2026-11-29')
    expect(server.entries.map((entry) => entry.action)).toEqual(['spent'])
    const day28 = await page('?from=2026-11-28&to=2026-11-28')
    expect(day28.entries.map((entry) => entry.action)).toEqual(['nearly_spent'])
    expect((await page('?actor=server&from=2026-11-28')).entries).toHaveLength(2)
    expect((await page('?actor=server&to=2026-11-27')).entries).toHaveLength(0)

    const csv = parseCsv((await get(`/admin/audit.csv?actor=${olegId}&lang=en`)).body, ',')
    expect(csv).toHaveLength(AUDIT_PAGE + 5 + 1)
    expect(csv[1]?.[2]).toBe('Олег changed the place in the list of «zone-54» from 54 to 55')

    const actors = listAuditActors.response.parse((await get('/admin/audit/actors')).json())
    expect(actors.actors).toEqual([
      { id: maria.manager.id, name: 'Мария Петровна' },
      { id: olegId, name: 'Олег' },
      { id: null, name: 'Tableside' },
    ])
  })

  it('keeps a name a spreadsheet would run as a formula as text', async () => {
    const audit = createAuditLog(t.database.db)
    const evil = { ...maria.manager, id: olegId, name: '=HYPERLINK("https://evil.example","x")' }
    await audit.record(t.database.db, evil, {
      action: 'create',
      entity: 'zone',
      entityId: '8ef45a62-5206-475d-925b-ef7c7a484d15',
      before: null,
      after: { name: { ru: '@SUM(1;2)' }, position: 3 },
    })
    for (const [lang, separator] of [
      ['ru', ';'],
      ['en', ','],
    ] as const) {
      const response = await get(`/admin/audit.csv?actor=${olegId}&entity=zone&lang=${lang}`)
      const rows = parseCsv(response.body, separator)
      const [, row] = rows
      expect(row?.[1]).toBe(`'=HYPERLINK("https://evil.example","x")`)
      expect(row?.[2]?.startsWith(`'=HYPERLINK`)).toBe(true)
      expect(rows.every((cells) => cells.length === 11)).toBe(true)
      for (const cells of rows) {
        for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/)
      }
    }
  })

  it('refuses a query it cannot mean with a clear error, and shows nothing to anyone else', async () => {
    for (const query of [
      '?actor=abc',
      "?actor=' or 1=1 --",
      '?from=2026-02-30',
      '?from=0000-01-01',
      '?to=29.11.2026',
      '?from=2026-11-29&to=2026-11-28',
      '?entity=Dish;drop',
      '?before=-1',
    ]) {
      // The CSV has no pages: it takes no `before`.
      const paths = query.startsWith('?before')
        ? ['/admin/audit']
        : ['/admin/audit', '/admin/audit.csv']
      for (const path of paths) {
        const response = await get(`${path}${query}`)
        expect(response.statusCode, `${path}${query}`).toBe(400)
        expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed')
      }
    }
    const bistro = await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password')
    expect(listAudit.response.parse((await get('/admin/audit', bistro.token)).json())).toEqual({
      entries: [],
      more: false,
    })
    expect((await get('/admin/audit/actors', bistro.token)).json()).toEqual({ actors: [] })
    const theirs = await get('/admin/audit.csv?lang=en', bistro.token)
    expect(parseCsv(theirs.body, ',')).toHaveLength(1)
    const waiter = await signInAsWaiter(t.app, 'anna', '1111')
    for (const path of ['/admin/audit/actors', '/admin/audit.csv']) {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1${path}` })
      expect(anonymous.statusCode).toBe(401)
      const asWaiter = await t.app.inject({
        method: 'GET',
        url: `/api/v1${path}`,
        headers: { 'x-garcon-token': waiter.token, 'x-manager-token': waiter.token },
      })
      expect(asWaiter.statusCode).toBe(401)
    }
  })
})
