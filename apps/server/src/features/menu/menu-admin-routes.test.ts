import { randomInt } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { adminStations } from '@tableside/contracts/kitchen'
import { restaurantMenu } from '@tableside/contracts/menu'
import { adminMenu, uploadedPhoto } from '@tableside/contracts/menu-admin'
import { MENU_FILE_FORMAT, type DishFile } from '@tableside/contracts/menu-file'
import { menuFileImport } from '@tableside/contracts/menu-file-import'
import { MANAGER_TOKEN_HEADER, KITCHEN_TOKEN_HEADER } from '@tableside/contracts/staff'
import { GARCON_TOKEN_HEADER } from '@tableside/contracts/garcon'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  signInAsAnna,
  signInAsKitchen,
  signInAsManager,
} from '../../test/test-restaurants'
import { createTestRestaurant, testMenuFile } from './test-menu-file'

const api = '/api/v1/admin/menu'
const freshAddress = () =>
  `10.${String(randomInt(256))}.${String(randomInt(256))}.${String(randomInt(1, 255))}`

const newDish = (id: string, extra: Partial<DishFile> = {}): DishFile => ({
  id,
  name: { ru: 'Уха по-царски', en: 'Royal fish soup' },
  description: { ru: 'Три рыбы', en: 'Three fish' },
  portion: { amount: 300, unit: 'g' },
  nutrition: { kcal: 210, protein: 18, fat: 9, carbs: 12 },
  price: 52000,
  modifierGroups: [],
  allergens: ['fish'],
  diet: [],
  ageRestricted: false,
  available: true,
  ...extra,
})

describe.each(testDatabaseKinds)('Back-office menu API on $name', (kind) => {
  let t: TestApp
  let photosDir: string
  /** The demo's manager, another restaurant's, and tokens that are not a manager's. */
  const w = {
    demoToken: '',
    otherToken: '',
    refused: [] as Record<string, string>[],
  }
  const audited = async () =>
    t.database.db
      .selectFrom('auditLog')
      .select(['restaurantId', 'action', 'entity', 'entityId', 'before', 'after'])
      .orderBy('id')
      .execute()

  beforeAll(async () => {
    photosDir = await mkdtemp(join(tmpdir(), 'tableside-photos-'))
    t = await createTestApp(kind, {
      DATA_DIR: photosDir,
      MEDIA_ORIGINS: 'https://images.bistro.example',
    })
    await createTestRestaurant(t.database.db, 'other')
    await t.menu.importMenu('other', testMenuFile())
    await addManager(t, 'other', 'other-manager', 'other-password-1')
    w.demoToken = (await signInAsManager(t.app)).token
    w.otherToken = (
      await signInAsManager(t.app, 'other', 'other-manager', 'other-password-1')
    ).token
    w.refused = [
      { [GARCON_TOKEN_HEADER]: (await signInAsAnna(t.app)).token },
      { [KITCHEN_TOKEN_HEADER]: (await signInAsKitchen(t.app)).token },
      // A kitchen token in the manager's header is still not a manager's.
      { [MANAGER_TOKEN_HEADER]: (await signInAsKitchen(t.app)).token },
      { [MANAGER_TOKEN_HEADER]: 'not-a-token' },
    ]
  })
  afterAll(async () => {
    await t.close()
    await rm(photosDir, { recursive: true, force: true })
  })

  const as = (token: string | Record<string, string> | undefined): Record<string, string> =>
    typeof token === 'string' ? { [MANAGER_TOKEN_HEADER]: token } : (token ?? {})
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string | Record<string, string> | undefined,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `${api}${path}`,
      headers: as(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const read = async (token: string) => adminMenu.parse((await send('GET', '', token)).json())
  const dinerMenu = async (restaurantId: string) =>
    restaurantMenu.parse(
      (await t.app.inject({ url: `/api/v1/restaurants/${restaurantId}/menu` })).json(),
    )
  const fieldsOf = (body: unknown) =>
    errorBody.parse(body).error.fields?.map((field) => field.path) ?? []

  it("reads the manager's own restaurant's menu as the import file", async () => {
    const demo = await read(w.demoToken)
    expect(demo.file.menus.map((m) => m.id)).toEqual(['main', 'breakfast', 'bar'])
    const other = await read(w.otherToken)
    expect(other.file.menus.map((m) => m.id)).toEqual(['main', 'bar'])
    expect(other.version).toBe((await dinerMenu('other')).version)
  })

  it('refuses every route without a manager token', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['PUT', '/menus/main', { name: { ru: 'М' } }],
      ['DELETE', '/menus/breakfast'],
      ['POST', '/dishes', { categoryId: 'soups', dish: newDish('x') }],
      ['PUT', '/dishes/borscht', { categoryId: 'soups', dish: newDish('borscht') }],
      ['DELETE', '/dishes/borscht'],
      ['PUT', '/dishes/borscht/availability', { available: false }],
      [
        'POST',
        '/categories',
        { menuId: 'main', parentId: null, category: { id: 'x', name: { ru: 'X' } } },
      ],
      ['PUT', '/categories/soups', { name: { ru: 'Супы' } }],
      ['DELETE', '/categories/soups'],
      ['PUT', '/category-order', { menuId: 'main', parentId: null, categoryIds: [] }],
      ['PUT', '/dish-order', { categoryId: 'soups', dishIds: [] }],
      ['PUT', '/stories', { stories: [] }],
      ['POST', '/import', testMenuFile()],
    ]
    const before = await read(w.demoToken)
    for (const token of [undefined, ...w.refused]) {
      for (const [method, path, payload] of routes) {
        const response = await send(method as 'GET', path, token, payload)
        expect([method, path, response.statusCode]).toEqual([method, path, 401])
      }
      const photo = await t.app.inject({
        method: 'POST',
        url: `${api}/photos`,
        headers: { ...as(token), 'content-type': 'image/png' },
        payload: Buffer.alloc(10),
      })
      expect(photo.statusCode).toBe(401)
    }
    expect((await read(w.demoToken)).version).toBe(before.version)
    expect(await audited()).toEqual([])
  })

  it('adds a dish that the diners menu shows at once, with an audit entry', async () => {
    const response = await send('POST', '/dishes', w.demoToken, {
      categoryId: 'soups',
      dish: newDish('royal-ukha'),
    })
    expect(response.statusCode).toBe(201)
    const saved = adminMenu.parse(response.json())
    const menu = await dinerMenu('demo')
    expect(menu.version).toBe(saved.version)
    expect(menu.dishes.find((d) => d.id === 'royal-ukha')?.name.en).toBe('Royal fish soup')
    expect(menu.menus[0]?.categories.find((c) => c.id === 'soups')?.dishIds.at(-1)).toBe(
      'royal-ukha',
    )
    expect((await audited()).at(-1)).toMatchObject({
      restaurantId: 'demo',
      action: 'create',
      entity: 'dish',
      entityId: 'royal-ukha',
      before: null,
    })
  })

  it('says which field breaks a rule and changes nothing', async () => {
    const before = await read(w.demoToken)
    const entries = (await audited()).length
    const bad = await send('POST', '/dishes', w.demoToken, {
      categoryId: 'soups',
      dish: { ...newDish('bad-ukha'), price: -5, name: { ru: '' } },
    })
    expect(bad.statusCode).toBe(400)
    expect(fieldsOf(bad.json())).toEqual(
      expect.arrayContaining(['body.dish.price', 'body.dish.name.ru']),
    )
    const rules = await send('PUT', '/dishes/royal-ukha', w.demoToken, {
      categoryId: 'soups',
      dish: newDish('royal-ukha', {
        modifierGroups: [
          {
            id: 'size',
            name: { ru: 'Размер' },
            minChoices: 1,
            maxChoices: 2,
            options: [
              {
                id: 'big',
                name: { ru: 'Большая' },
                priceDelta: 0,
                preselected: false,
                available: true,
              },
            ],
          },
        ],
      }),
    })
    expect(rules.statusCode).toBe(400)
    expect(fieldsOf(rules.json())).toEqual(['body.dish.modifierGroups.0.maxChoices'])
    const taken = await send('POST', '/dishes', w.demoToken, {
      categoryId: 'mains',
      dish: newDish('borscht'),
    })
    expect(fieldsOf(taken.json())).toEqual(['body.dish.id'])
    const nowhere = await send('POST', '/dishes', w.demoToken, {
      categoryId: 'no-such',
      dish: newDish('lost'),
    })
    expect(fieldsOf(nowhere.json())).toEqual(['body.categoryId'])
    const story = await send('PUT', '/stories', w.demoToken, {
      stories: [
        {
          id: 's1',
          title: { ru: 'Скоро' },
          media: { url: '/media/demo/borscht.svg', alt: { ru: 'Борщ' }, color: '#aa3322' },
          durationMs: 6000,
          startsAt: '2026-06-02T00:00:00Z',
          endsAt: '2026-06-01T00:00:00Z',
        },
      ],
    })
    expect(fieldsOf(story.json())).toEqual(['body.stories.0.endsAt'])
    const badFile = await send('POST', '/import', w.demoToken, {
      ...testMenuFile(),
      menus: [{ id: 'Main!', name: { ru: 'М' }, categories: [] }],
    })
    expect(fieldsOf(badFile.json())).toEqual(['body.menus.0.id'])
    expect(await read(w.demoToken)).toEqual(before)
    expect((await audited()).length).toBe(entries)
  })

  it('takes pictures only at a plain /media/ address or on an allowed https host (issue 27)', async () => {
    const before = await read(w.demoToken)
    const entries = (await audited()).length
    const hostile = [
      '/media/../api/v1/health',
      '/media/photos/demo/../../../api/v1/health',
      '/media/./demo/borscht.svg',
      '/media//images.evil.example/x.webp',
      '/media/demo/.hidden',
      '/media/',
      'https://images.evil.example/x.webp',
      'https://images.bistro.example.evil.example/x.webp',
      'https://images.bistro.example@images.evil.example/x.webp',
      'http://images.bistro.example/x.webp',
    ]
    const picture = (url: string) => ({ url, alt: { ru: 'Фото' }, color: '#808080' })
    for (const url of hostile) {
      const dish = await send('POST', '/dishes', w.demoToken, {
        categoryId: 'soups',
        dish: newDish('hostile-photo', { photo: picture(url) }),
      })
      expect(dish.statusCode, url).toBe(400)
      const { error } = errorBody.parse(dish.json())
      expect(error.code).toBe('validation_failed')
      expect(error.fields?.map((field) => field.path)).toEqual(['body.dish.photo.url'])
      expect(error.fields?.[0]?.message).toMatch(/\/media\/|https/)
      const story = await send('PUT', '/stories', w.demoToken, {
        stories: [{ id: 'hostile', title: { ru: 'Фото' }, media: picture(url), durationMs: 6000 }],
      })
      expect(story.statusCode, url).toBe(400)
      expect(fieldsOf(story.json()), url).toEqual(['body.stories.0.media.url'])
      const file = menuFileImport.parse(testMenuFile())
      const first = file.menus[0]?.categories[0]?.dishes[0]
      if (!first) throw new Error('fixture changed')
      first.photo = picture(url)
      const imported = await send('POST', '/import', w.demoToken, file)
      expect(imported.statusCode, url).toBe(400)
      expect(fieldsOf(imported.json()), url).toEqual([
        'body.menus.0.categories.0.dishes.0.photo.url',
      ])
    }
    expect(await read(w.demoToken)).toEqual(before)
    expect((await audited()).length).toBe(entries)

    for (const url of ['/media/demo/borscht.svg', 'https://images.bistro.example/soup.jpg']) {
      const dish = await send('POST', '/dishes', w.demoToken, {
        categoryId: 'soups',
        dish: newDish('allowed-photo', { photo: picture(url) }),
      })
      expect(dish.statusCode, url).toBe(201)
      expect((await send('DELETE', '/dishes/allowed-photo', w.demoToken)).statusCode).toBe(200)
    }
  })

  it('moves, edits and deletes dishes; another restaurant’s ids are not found', async () => {
    const moved = await send('PUT', '/dishes/royal-ukha', w.demoToken, {
      categoryId: 'fish',
      dish: newDish('royal-ukha', { price: 55000, ageRestricted: true }),
    })
    expect(moved.statusCode).toBe(200)
    const menu = await dinerMenu('demo')
    const fish = menu.menus[0]?.categories.find((c) => c.id === 'fish')
    expect(fish?.dishIds).toContain('royal-ukha')
    expect(menu.dishes.find((d) => d.id === 'royal-ukha')).toMatchObject({
      price: 55000,
      ageRestricted: true,
    })

    const own = await send('POST', '/dishes', w.otherToken, {
      categoryId: 'hot',
      dish: newDish('only-other'),
    })
    expect(own.statusCode).toBe(201)
    for (const [method, path, payload] of [
      ['PUT', '/dishes/only-other', { categoryId: 'soups', dish: newDish('only-other') }],
      ['DELETE', '/dishes/only-other'],
      ['PUT', '/dishes/only-other/availability', { available: false }],
      ['PUT', '/categories/hot', { name: { ru: 'Чужое' } }],
      ['DELETE', '/categories/hot'],
    ] as const) {
      const response = await send(method, path, w.demoToken, payload)
      expect([path, response.statusCode]).toEqual([path, 404])
    }
    expect((await dinerMenu('other')).dishes.find((d) => d.id === 'only-other')?.available).toBe(
      true,
    )

    const deleted = await send('DELETE', '/dishes/royal-ukha', w.demoToken)
    expect(deleted.statusCode).toBe(200)
    expect((await dinerMenu('demo')).dishes.some((d) => d.id === 'royal-ukha')).toBe(false)
  })

  it('puts a dish on the stop-list in one tap and tells open menus which', async () => {
    const response = await send('PUT', '/dishes/solyanka/availability', w.demoToken, {
      available: false,
    })
    expect(response.statusCode).toBe(200)
    const { version } = adminMenu.parse(response.json())
    expect((await dinerMenu('demo')).dishes.find((d) => d.id === 'solyanka')?.available).toBe(false)
    const entry = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(entry.payload).toMatchObject({
      name: 'menu.updated',
      channels: ['restaurant.demo'],
      data: JSON.stringify({
        restaurantId: 'demo',
        version,
        availability: [{ dishId: 'solyanka', available: false }],
      }),
    })
    expect((await audited()).at(-1)).toMatchObject({
      action: 'stop',
      entity: 'dish',
      entityId: 'solyanka',
      // The dish's name too: the entry says which dish even once it is gone (decision 0116).
      before: {
        name: { ru: 'Солянка мясная сборная', en: 'Mixed meat solyanka' },
        available: true,
      },
      after: {
        name: { ru: 'Солянка мясная сборная', en: 'Mixed meat solyanka' },
        available: false,
      },
    })
    // A colleague's editor, opened before the tap, saves the dish as it loaded it: the price
    // changes, the stop-list stays (only its own switch moves it).
    const stale = await send('PUT', '/dishes/solyanka', w.demoToken, {
      categoryId: 'soups',
      dish: { ...newDish('solyanka'), price: 61000, available: true },
    })
    expect(stale.statusCode).toBe(200)
    const after = (await dinerMenu('demo')).dishes.find((d) => d.id === 'solyanka')
    expect(after).toMatchObject({ price: 61000, available: false })
    await send('PUT', '/dishes/solyanka/availability', w.demoToken, { available: true })
    expect((await dinerMenu('demo')).dishes.find((d) => d.id === 'solyanka')?.available).toBe(true)
  })

  it('reorders categories and dishes, moves a category under another, never inside itself', async () => {
    const top = (await read(w.demoToken)).file.menus[0]?.categories.map((c) => c.id) ?? []
    const swapped = [top[1], top[0], ...top.slice(2)]
    const order = await send('PUT', '/category-order', w.demoToken, {
      menuId: 'main',
      parentId: null,
      categoryIds: swapped,
    })
    expect(order.statusCode).toBe(200)
    const shown = (await dinerMenu('demo')).menus[0]?.categories
      .filter((c) => c.parentId === null)
      .map((c) => c.id)
    expect(shown).toEqual(swapped)

    const nested = await send('PUT', '/category-order', w.demoToken, {
      menuId: 'main',
      parentId: 'mains',
      categoryIds: ['fish', 'meat', 'sides'],
    })
    expect(nested.statusCode).toBe(200)
    expect(
      (await dinerMenu('demo')).menus[0]?.categories
        .filter((c) => c.parentId === 'mains')
        .map((c) => c.id),
    ).toEqual(['fish', 'meat', 'sides'])

    const cycle = await send('PUT', '/category-order', w.demoToken, {
      menuId: 'main',
      parentId: 'fish',
      categoryIds: ['mains'],
    })
    expect(cycle.statusCode).toBe(400)
    expect(fieldsOf(cycle.json())).toEqual(['body.categoryIds'])
    const missing = await send('PUT', '/category-order', w.demoToken, {
      menuId: 'main',
      parentId: null,
      categoryIds: swapped.slice(1),
    })
    expect(fieldsOf(missing.json())).toEqual(['body.categoryIds'])

    const dishes = await send('PUT', '/dish-order', w.demoToken, {
      categoryId: 'soups',
      dishIds: ['solyanka', 'borscht', 'ukha', 'shchi', 'chicken-noodle'],
    })
    expect(dishes.statusCode).toBe(200)
    expect(
      (await dinerMenu('demo')).menus[0]?.categories.find((c) => c.id === 'soups')?.dishIds,
    ).toEqual(['solyanka', 'borscht', 'ukha', 'shchi', 'chicken-noodle'])
  })

  it('adds, renames and deletes a category; only an empty one goes', async () => {
    const added = await send('POST', '/categories', w.demoToken, {
      menuId: 'main',
      parentId: 'mains',
      category: { id: 'grill', name: { ru: 'Гриль', en: 'Grill' } },
    })
    expect(added.statusCode).toBe(201)
    const renamed = await send('PUT', '/categories/grill', w.demoToken, {
      name: { ru: 'С гриля', en: 'From the grill' },
    })
    expect(renamed.statusCode).toBe(200)
    expect(
      (await dinerMenu('demo')).menus[0]?.categories.find((c) => c.id === 'grill'),
    ).toMatchObject({ parentId: 'mains', name: { ru: 'С гриля', en: 'From the grill' } })
    // A VAT rate of its own, and back to the restaurant's by leaving it out (decision 0133).
    const vatOfGrill = async () => {
      const { file } = await read(w.demoToken)
      const walk = (categories: (typeof file.menus)[number]['categories']): unknown[] =>
        categories.flatMap((category) => [category, ...walk(category.categories)])
      const all = walk(file.menus.flatMap((menu) => menu.categories)) as {
        id: string
        vatRate?: string
      }[]
      return all.find((category) => category.id === 'grill')?.vatRate
    }
    const taxed = await send('PUT', '/categories/grill', w.demoToken, {
      name: { ru: 'С гриля', en: 'From the grill' },
      vatRate: 'vat10',
    })
    expect(taxed.statusCode, taxed.body).toBe(200)
    expect(await vatOfGrill()).toBe('vat10')
    await send('PUT', '/categories/grill', w.demoToken, {
      name: { ru: 'С гриля', en: 'From the grill' },
    })
    expect(await vatOfGrill()).toBeUndefined()
    const full = await send('DELETE', '/categories/soups', w.demoToken)
    expect(full.statusCode).toBe(409)
    expect(errorBody.parse(full.json()).error.code).toBe('category_not_empty')
    const deleted = await send('DELETE', '/categories/grill', w.demoToken)
    expect(deleted.statusCode).toBe(200)
    const deep = await send('POST', '/categories', w.demoToken, {
      menuId: 'bar',
      parentId: 'wine-red',
      category: { id: 'too-deep', name: { ru: 'Глубоко' } },
    })
    expect(deep.statusCode).toBe(201)
    const deeper = await send('POST', '/categories', w.demoToken, {
      menuId: 'bar',
      parentId: 'too-deep',
      category: { id: 'deepest', name: { ru: 'Глубже' } },
    })
    expect(deeper.statusCode).toBe(400)
    await send('DELETE', '/categories/too-deep', w.demoToken)
  })

  it('saves stories with their period and imports a whole file from the screen', async () => {
    const stories = await send('PUT', '/stories', w.demoToken, {
      stories: [
        {
          id: 'tonight',
          title: { ru: 'Сегодня', en: 'Tonight' },
          media: { url: '/media/demo/borscht.svg', alt: { ru: 'Борщ' }, color: '#aa3322' },
          dishId: 'borscht',
          durationMs: 5000,
          startsAt: '2020-01-01T00:00:00Z',
          endsAt: '2099-01-01T00:00:00Z',
        },
      ],
    })
    expect(stories.statusCode).toBe(200)
    const shown = await t.app.inject({ url: '/api/v1/restaurants/demo/stories' })
    expect(shown.json()).toMatchObject({ stories: [{ id: 'tonight', dishId: 'borscht' }] })

    const exported = await read(w.otherToken)
    const imported = await send('POST', '/import', w.otherToken, exported.file)
    expect(imported.statusCode).toBe(200)
    expect(adminMenu.parse(imported.json()).file).toEqual(exported.file)
    expect((await audited()).at(-1)).toMatchObject({ restaurantId: 'other', action: 'import' })

    // A file written by hand may leave out what has a default, as `npm run menu:import` allows.
    const handWritten = await send('POST', '/import', w.otherToken, {
      format: MENU_FILE_FORMAT,
      menus: [
        {
          id: 'main',
          name: { ru: 'Меню' },
          categories: [
            {
              id: 'soups',
              name: { ru: 'Супы' },
              dishes: [{ id: 'ukha', name: { ru: 'Уха' }, price: 42000 }],
            },
          ],
        },
      ],
    })
    expect(handWritten.statusCode).toBe(200)
    const written = adminMenu.parse(handWritten.json()).file
    expect(written.stories).toEqual([])
    expect(written.menus[0]?.categories[0]).toMatchObject({
      categories: [],
      dishes: [
        {
          id: 'ukha',
          modifierGroups: [],
          allergens: [],
          diet: [],
          ageRestricted: false,
          available: true,
        },
      ],
    })
  })

  it('keeps the kitchen stations’ categories through an import, from the screen or the CLI', async () => {
    const stations = async () =>
      adminStations.parse(
        (await t.app.inject({ url: '/api/v1/admin/stations', headers: as(w.demoToken) })).json(),
      ).stations
    const before = await stations()
    expect(before.find((station) => station.categoryIds.includes('soups'))).toBeDefined()
    const exported = await read(w.demoToken)
    const imported = await send('POST', '/import', w.demoToken, exported.file)
    expect(imported.statusCode).toBe(200)
    expect(await stations()).toEqual(before)
    await t.menu.importMenu('demo', exported.file)
    expect(await stations()).toEqual(before)
  })

  it('adds a menu and deletes menus, with what is in them; never the last one', async () => {
    const added = await send('PUT', '/menus/lunch', w.demoToken, {
      name: { ru: 'Бизнес-ланч', en: 'Lunch' },
      servedFrom: '12:00',
      servedUntil: '16:00',
    })
    expect(added.statusCode).toBe(200)
    expect((await dinerMenu('demo')).menus.map((m) => m.id)).toContain('lunch')
    const empty = await send('DELETE', '/menus/lunch', w.demoToken)
    expect(empty.statusCode).toBe(200)
    expect(adminMenu.parse(empty.json()).file.menus.map((m) => m.id)).not.toContain('lunch')
    expect((await audited()).at(-1)).toMatchObject({
      restaurantId: 'demo',
      action: 'delete',
      entity: 'menu',
      entityId: 'lunch',
      after: null,
    })

    // A menu with categories and dishes goes with them; a story keeps going, without its link.
    const breakfast = (await read(w.demoToken)).file.menus.find((m) => m.id === 'breakfast')
    const breakfastDish = breakfast?.categories[0]?.dishes[0]?.id ?? ''
    expect(breakfastDish).not.toBe('')
    const story = await send('PUT', '/stories', w.demoToken, {
      stories: [
        {
          id: 'morning',
          title: { ru: 'Утро' },
          media: { url: '/media/demo/borscht.svg', alt: { ru: 'Утро' }, color: '#aa3322' },
          dishId: breakfastDish,
          durationMs: 6000,
        },
      ],
    })
    expect(story.statusCode).toBe(200)
    const full = await send('DELETE', '/menus/breakfast', w.demoToken)
    expect(full.statusCode).toBe(200)
    const after = adminMenu.parse(full.json())
    expect(after.file.menus.map((m) => m.id)).toEqual(['main', 'bar'])
    expect(after.file.stories).toMatchObject([{ id: 'morning' }])
    expect(after.file.stories[0]?.dishId).toBeUndefined()
    const menu = await dinerMenu('demo')
    expect(menu.version).toBe(after.version)
    expect(menu.dishes.some((d) => d.id === breakfastDish)).toBe(false)
    expect((await audited()).at(-1)).toMatchObject({
      action: 'delete',
      entity: 'menu',
      entityId: 'breakfast',
      before: { id: 'breakfast', categories: breakfast?.categories.length },
    })

    // Unknown here (another restaurant's menu included): 404; the last menu stays: 409.
    const entries = (await audited()).length
    expect((await send('DELETE', '/menus/no-such', w.demoToken)).statusCode).toBe(404)
    const otherMenus = (await read(w.otherToken)).file.menus.map((m) => m.id)
    expect(otherMenus).toEqual(['main'])
    const last = await send('DELETE', '/menus/main', w.otherToken)
    expect(last.statusCode).toBe(409)
    expect(errorBody.parse(last.json()).error.code).toBe('last_menu')
    expect((await read(w.otherToken)).file.menus.map((m) => m.id)).toEqual(['main'])
    expect((await audited()).length).toBe(entries)
  })

  describe('photos', () => {
    const upload = (
      token: string | Record<string, string> | undefined,
      body: Buffer | string,
      type: string,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `${api}/photos`,
        headers: { ...as(token), 'content-type': type },
        payload: body,
      })
    /** A manager signed in from an address of their own: their uploads count apart. */
    const managerAt = async (address = freshAddress()) => {
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/admin/login',
        payload: { restaurantId: 'demo', login: 'manager', password: 'tableside-demo' },
        remoteAddress: address,
      })
      const { token } = signedIn.json<{ token: string }>()
      return {
        address,
        upload: (body: Buffer | string, type = 'image/png') =>
          t.app.inject({
            method: 'POST',
            url: `${api}/photos`,
            headers: { ...as(token), 'content-type': type },
            payload: body,
            remoteAddress: address,
          }),
      }
    }
    const photoOf = async (background: string, width = 640) => {
      const bytes = await sharp({
        create: { width, height: (width * 3) / 4, channels: 3, background },
      })
        .png()
        .toBuffer()
      return bytes
    }
    /** `/media/photos/demo/{hash}/640.webp` → its restaurant and the hash its files share. */
    const photoKey = (url: string) => {
      const [restaurantId = '', hash = ''] = url.replace('/media/photos/', '').split('/')
      return { restaurantId, hash }
    }
    const storedRows = (url: string) =>
      t.database.db
        .selectFrom('media')
        .where('restaurantId', '=', photoKey(url).restaurantId)
        .where('name', 'like', `${photoKey(url).hash}/%`)
    /** The files the database holds of the photo at `url`, and when each was last uploaded. */
    const storedFiles = async (url: string) =>
      (await storedRows(url).select(['name', 'uploadedAt']).orderBy('name').execute()).map(
        ({ name, uploadedAt }) => ({ file: name.split('/')[1], uploadedAt }),
      )
    const stored = async (url: string) => (await storedFiles(url)).length > 0
    const uploadedAt = async (url: string, at: Date) => {
      await t.database.db
        .updateTable('media')
        .set({ uploadedAt: at })
        .where('restaurantId', '=', photoKey(url).restaurantId)
        .where('name', 'like', `${photoKey(url).hash}/%`)
        .execute()
    }
    const allFiles = ['320', '640', '960'].flatMap((w) => [`${w}.avif`, `${w}.webp`])

    it('refuses what is not a photo and what is too large, storing nothing', async () => {
      const script = await upload(w.demoToken, '<script>alert(1)</script>', 'image/png')
      expect(script.statusCode).toBe(415)
      expect(errorBody.parse(script.json()).error.code).toBe('unsupported_media_type')
      const svg = await upload(
        w.demoToken,
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
        'image/svg+xml',
      )
      expect(svg.statusCode).toBe(415)
      const json = await upload(w.demoToken, '{"a":1}', 'application/json')
      expect(json.statusCode).toBe(415)
      const text = await upload(w.demoToken, 'hello', 'text/plain')
      expect(text.statusCode).toBe(415)
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#336699' },
      })
        .png()
        .toBuffer()
      const cut = await upload(w.demoToken, png.subarray(0, png.length - 20), 'image/png')
      expect(cut.statusCode).toBe(415)
      const huge = await upload(w.demoToken, Buffer.alloc(11 * 1024 * 1024), 'image/jpeg')
      expect(huge.statusCode).toBe(413)
      const bomb = await sharp({
        create: { width: 10_000, height: 6_000, channels: 3, background: '#000000' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer()
      const refused = await upload(w.demoToken, bomb, 'image/png')
      expect(refused.statusCode).toBe(413)
    })

    it('refuses a photo of too many pixels before decoding it, however small its file (issue 27)', async () => {
      // 49 megapixels of one colour: a PNG of about 150 KB that decodes to 147 MB.
      const bomb = await sharp({
        create: { width: 7_000, height: 7_000, channels: 3, background: '#000000' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer()
      expect(bomb.length).toBeLessThan(512 * 1024)
      const started = performance.now()
      const refused = await upload(w.demoToken, bomb, 'image/png')
      const took = performance.now() - started
      expect(refused.statusCode).toBe(413)
      const { error } = errorBody.parse(refused.json())
      expect(error.code).toBe('payload_too_large')
      expect(error.message).toMatch(/7000×7000 .*49 megapixels.*at most 25/)
      // The header alone decides it: no resizing, no encoding.
      expect(took).toBeLessThan(2000)
    })

    it('turns a photo into AVIF and WebP in every width, served for good', async () => {
      const jpeg = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: '#cc5522' },
      })
        .jpeg()
        .toBuffer()
      const response = await upload(w.demoToken, jpeg, 'image/jpeg')
      expect(response.statusCode).toBe(201)
      const photo = uploadedPhoto.parse(response.json())
      expect(photo).toMatchObject({ width: 1600, height: 1200 })
      expect(photo.url).toMatch(/^\/media\/photos\/demo\/[0-9a-f]{24}\/640\.webp$/)
      expect(photo.color).toMatch(/^#c[a-f0-9]5[a-f0-9]2[a-f0-9]$/)
      for (const [size, format] of [
        ['320', 'avif'],
        ['640', 'webp'],
        ['960', 'avif'],
      ] as const) {
        const file = await t.app.inject({ url: photo.url.replace('640.webp', `${size}.${format}`) })
        expect(file.statusCode).toBe(200)
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        expect(file.headers['content-type']).toBe(`image/${format}`)
        const meta = await sharp(file.rawPayload).metadata()
        expect(meta.width).toBe(Number(size))
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp')
      }
      // Stored in the database, all six files; nothing on this node's disk (decision 0106).
      expect((await storedFiles(photo.url)).map(({ file }) => file)).toEqual(allFiles)
      expect(await readdir(photosDir)).not.toContain('photos')
      const dish = await send('POST', '/dishes', w.demoToken, {
        categoryId: 'soups',
        dish: newDish('photo-ukha', {
          photo: { url: photo.url, alt: { ru: 'Уха' }, color: photo.color },
        }),
      })
      expect(dish.statusCode).toBe(201)
    })

    it('limits uploads per sign-in and per address: a burst is 429 with Retry-After', async () => {
      const address = freshAddress()
      let manager = await managerAt(address)
      for (let n = 0; n < 20; n++) {
        expect((await manager.upload('not a photo')).statusCode, String(n)).toBe(415)
      }
      const limited = await manager.upload(await photoOf('#102030'))
      expect(limited.statusCode).toBe(429)
      expect(errorBody.parse(limited.json()).error.code).toBe('rate_limited')
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      // Signing in again from the same address buys a count of its own, up to the address's.
      for (let n = 20; n < 40; n++) {
        if (n % 20 === 0) manager = await managerAt(address)
        expect((await manager.upload('not a photo')).statusCode, String(n)).toBe(415)
      }
      manager = await managerAt(address)
      expect((await manager.upload('not a photo')).statusCode).toBe(429)
      // Another manager elsewhere uploads on.
      expect((await (await managerAt()).upload('not a photo')).statusCode).toBe(415)
    })

    it('stores a photo uploaded several times at once whole, never replacing a stored set', async () => {
      const manager = await managerAt()
      const png = await photoOf('#4477aa')
      const uploads = [1, 2, 3].map(() => manager.upload(png))
      const first = uploadedPhoto.parse((await Promise.race(uploads)).json())
      const bytes = (await t.app.inject({ url: first.url })).rawPayload
      // While the others finish, the stored photo is always there to read, and the same.
      const misses: string[] = []
      const done = new AbortController()
      const reader = (async () => {
        while (!done.signal.aborted) {
          // As over a network: the uploads' answers from the photo worker get their turn.
          await new Promise((resolve) => setImmediate(resolve))
          const read = await t.app.inject({ url: first.url })
          if (read.statusCode !== 200) misses.push(String(read.statusCode))
          else if (!read.rawPayload.equals(bytes)) misses.push('other bytes')
        }
      })()
      const answers = await Promise.all(uploads)
      done.abort()
      await reader
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201])
      expect(new Set(answers.map((answer) => uploadedPhoto.parse(answer.json()).url))).toEqual(
        new Set([first.url]),
      )
      expect(misses).toEqual([])
      expect((await storedFiles(first.url)).map(({ file }) => file)).toEqual(allFiles)
      // Uploaded again later: nothing stored anew, the bytes are those of the first upload, and
      // the photo counts as uploaded now for the sweep's hour.
      const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
      await uploadedAt(first.url, hoursAgo)
      expect((await manager.upload(png)).statusCode).toBe(201)
      const again = await storedFiles(first.url)
      expect(again.map(({ file }) => file)).toEqual(allFiles)
      for (const { uploadedAt: at } of again)
        expect(at.getTime()).toBeGreaterThan(Date.now() - 60_000)
      const { content } = await storedRows(first.url)
        .select('content')
        .where('name', 'like', '%/640.webp')
        .executeTakeFirstOrThrow()
      expect(Buffer.from(content).equals(bytes)).toBe(true)
    })

    it('deletes photos nothing uses any more once an hour old, whoever used them', async () => {
      const manager = await managerAt()
      const photo = async (color: string) =>
        uploadedPhoto.parse((await manager.upload(await photoOf(color, 320))).json())
      const [dropped, sharedWithOther, neverUsed, fresh, kept] = [
        await photo('#aa0000'),
        await photo('#00aa00'),
        await photo('#0000aa'),
        await photo('#aaaa00'),
        await photo('#00aaaa'),
      ]
      const image = (url: string) => ({ url, alt: { ru: 'Фото' }, color: '#808080' })
      for (const [id, url] of [
        ['sweep-a', dropped.url],
        ['sweep-b', sharedWithOther.url],
        ['sweep-c', fresh.url],
        ['sweep-kept', kept.url],
      ] as const) {
        const added = await send('POST', '/dishes', w.demoToken, {
          categoryId: 'soups',
          dish: newDish(id, { photo: image(url) }),
        })
        expect(added.statusCode).toBe(201)
      }
      // The other restaurant's story shows the demo's photo: it stays while that story does.
      const otherStory = await send('PUT', '/stories', w.otherToken, {
        stories: [
          {
            id: 'borrowed',
            title: { ru: 'Чужое фото' },
            media: image(sharedWithOther.url),
            durationMs: 6000,
          },
        ],
      })
      expect(otherStory.statusCode).toBe(200)
      // The dish sweep-kept keeps its photo, however old.
      const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
      for (const url of [dropped.url, sharedWithOther.url, neverUsed.url, kept.url]) {
        await uploadedAt(url, hoursAgo)
      }
      // A save drops three photos; the one just uploaded stays for the hour it may wait unsaved.
      for (const id of ['sweep-a', 'sweep-b', 'sweep-c']) {
        const updated = await send('PUT', `/dishes/${id}`, w.demoToken, {
          categoryId: 'soups',
          dish: newDish(id),
        })
        expect(updated.statusCode).toBe(200)
      }
      await expect.poll(() => stored(dropped.url), { timeout: 5000 }).toBe(false)
      await expect.poll(() => stored(neverUsed.url), { timeout: 5000 }).toBe(false)
      expect(await stored(sharedWithOther.url)).toBe(true)
      expect(await stored(fresh.url)).toBe(true)
      expect((await t.app.inject({ url: sharedWithOther.url })).statusCode).toBe(200)
      expect(await stored(kept.url)).toBe(true)
    })
  })
})
