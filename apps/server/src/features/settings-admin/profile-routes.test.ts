import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  innProblem,
  restaurantProfile,
  type RestaurantProfile,
  type RestaurantProfileBody,
} from '@tableside/contracts/admin-profile'
import { errorBody } from '@tableside/contracts/errors'
import { uploadedPhoto } from '@tableside/contracts/menu-admin'
import { restaurant as restaurantSchema } from '@tableside/contracts/restaurants'
import { KITCHEN_TOKEN_HEADER, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  managerResource,
  signInAsKitchen,
  signInAsManager,
} from '../../test/test-restaurants'
import { createTestRestaurant } from '../menu/test-menu-file'

const API = '/api/v1'

const bodyOf = (profile: RestaurantProfile): RestaurantProfileBody => ({
  version: profile.version,
  name: profile.name,
  address: profile.address,
  phone: profile.phone,
  logo: profile.logo && { url: profile.logo.url, color: profile.logo.color },
  legalName: profile.legalName,
  inn: profile.inn,
  taxSystem: profile.taxSystem,
  vatRate: profile.vatRate,
})

describe('An INN is checked as the tax office numbers them', () => {
  it('takes real ones and refuses a wrong check digit or length', () => {
    expect(innProblem('7707083893')).toBeNull() // ПАО Сбербанк
    expect(innProblem('7736207543')).toBeNull() // ООО «Яндекс»
    expect(innProblem('500100732259')).toBeNull() // an entrepreneur's, 12 digits
    expect(innProblem('7707083894')).toBe('checksum')
    expect(innProblem('500100732258')).toBe('checksum')
    expect(innProblem('500100732269')).toBe('checksum')
    expect(innProblem('77070838')).toBe('format')
    expect(innProblem('77070838931')).toBe('format')
    expect(innProblem('77070838a3')).toBe('format')
  })
})

// Issue 29, decision 0115: the restaurant's profile in the back office's settings.
describe.each(testDatabaseKinds)("A manager edits the restaurant's profile on $name", (kind) => {
  let t: TestApp
  let manager: string

  const { get, put } = managerResource(
    () => t.app,
    '/admin/profile',
    () => manager,
  )
  const current = async () => restaurantProfile.parse((await get()).json())
  const uploadLogo = async (token: string) => {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#aa3322' },
    })
      .png()
      .toBuffer()
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/menu/photos`,
      headers: { [MANAGER_TOKEN_HEADER]: token, 'content-type': 'image/png' },
      payload: png,
    })
    expect(answer.statusCode).toBe(201)
    return uploadedPhoto.parse(answer.json())
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    manager = (await signInAsManager(t.app)).token
  })
  afterAll(() => t.close())

  it('shows the profile as stored: the demo phone in E.164 and as people write it', async () => {
    expect(await current()).toMatchObject({
      name: { ru: 'Бистро «Самовар»' },
      address: 'Москва, ул. Покровка, 17',
      phone: '+74951234567',
      phoneDisplay: '+7 495 123 45 67',
      legalName: null,
      inn: null,
      taxSystem: null,
      vatRate: null,
    })
  })

  it('refuses anyone but a manager', async () => {
    expect((await get(null)).statusCode).toBe(401)
    const kitchen = await signInAsKitchen(t.app)
    expect((await get(kitchen.token, KITCHEN_TOKEN_HEADER)).statusCode).toBe(401)
    expect(
      (await put(bodyOf(await current()), kitchen.token, KITCHEN_TOKEN_HEADER)).statusCode,
    ).toBe(401)
  })

  it('refuses a wrong INN, a phone that is none, a foreign logo or an unknown code; nothing changes', async () => {
    const before = await current()
    const good = bodyOf(before)
    await createTestRestaurant(t.database.db, 'other-place')
    await addManager(t, 'other-place', 'boss', 'other-place-pass-1')
    const otherManager = (await signInAsManager(t.app, 'other-place', 'boss', 'other-place-pass-1'))
      .token
    const foreign = await uploadLogo(otherManager)
    const cases: [object, number, string, string][] = [
      [{ ...good, inn: '7707083894' }, 400, 'inn_invalid', 'body.inn'],
      [{ ...good, inn: '770708389' }, 400, 'inn_invalid', 'body.inn'],
      [{ ...good, inn: '500100732258' }, 400, 'inn_invalid', 'body.inn'],
      [{ ...good, phone: '12345' }, 400, 'phone_invalid', 'body.phone'],
      [{ ...good, phone: 'call us' }, 400, 'phone_invalid', 'body.phone'],
      [{ ...good, phone: '+7 999 000' }, 400, 'phone_invalid', 'body.phone'],
      [
        { ...good, logo: { url: foreign.url, color: foreign.color } },
        400,
        'validation_failed',
        'body.logo.url',
      ],
      [
        { ...good, logo: { url: 'https://evil.example/logo.png', color: '#000000' } },
        400,
        'validation_failed',
        'body.logo.url',
      ],
      [
        { ...good, logo: { url: '/media/photos/demo/../../api/v1/health', color: '#000000' } },
        400,
        'validation_failed',
        'body.logo.url',
      ],
      [{ ...good, taxSystem: 'envd' }, 400, 'validation_failed', 'body.taxSystem'],
      [{ ...good, vatRate: 'vat18' }, 400, 'validation_failed', 'body.vatRate'],
      [{ ...good, name: { ru: '  ' } }, 400, 'validation_failed', 'body.name.ru'],
      [{ ...good, address: 'x'.repeat(301) }, 400, 'validation_failed', 'body.address'],
    ]
    for (const [payload, status, code, path] of cases) {
      const answer = await put(payload)
      expect(answer.statusCode, path).toBe(status)
      const { error } = errorBody.parse(answer.json())
      expect(error.code, path).toBe(code)
      expect((error.fields ?? []).map((field) => field.path)).toContain(path)
    }
    expect(await current()).toEqual(before)
  })

  it('saves a whole profile: the phone in E.164, the logo its own upload; diners see it at once', async () => {
    const before = await current()
    const logo = await uploadLogo(manager)
    const saved = await put({
      ...bodyOf(before),
      name: { ru: 'Бистро «Самовар»', en: 'Samovar Bistro' },
      address: 'Москва, ул. Покровка, 17, стр. 1',
      phone: '8 (343) 123-45-67',
      logo: { url: logo.url, color: logo.color },
      legalName: 'ООО «Самовар»',
      inn: ' 7707083893 ',
      taxSystem: 'usn_income',
      vatRate: 'vat22',
    })
    expect(saved.statusCode).toBe(200)
    const after = restaurantProfile.parse(saved.json())
    expect(after).toMatchObject({
      name: { ru: 'Бистро «Самовар»', en: 'Samovar Bistro' },
      phone: '+73431234567',
      phoneDisplay: '+7 343 123 45 67',
      logo: { url: logo.url, alt: { ru: 'Бистро «Самовар»', en: 'Samovar Bistro' } },
      inn: '7707083893',
      taxSystem: 'usn_income',
      vatRate: 'vat22',
    })
    expect(after.version).not.toBe(before.version)
    expect(await current()).toEqual(after)

    const diners = restaurantSchema.parse(
      (await t.app.inject({ url: `${API}/restaurants/demo` })).json(),
    )
    expect(diners).toMatchObject({
      name: 'Бистро «Самовар»',
      nameEn: 'Samovar Bistro',
      phone: '+7 343 123 45 67',
      address: 'Москва, ул. Покровка, 17, стр. 1',
      legalName: 'ООО «Самовар»',
      inn: '7707083893',
      logo: { url: logo.url },
    })
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'entity'])
      .where('restaurantId', '=', 'demo')
      .where('entity', '=', 'profile')
      .execute()
    expect(audit).toEqual([{ action: 'update', entity: 'profile' }])

    // A save made from the profile before this one loses nothing of it.
    const stale = await put({ ...bodyOf(before), legalName: 'ООО «Другое»' })
    expect(stale.statusCode).toBe(409)
    expect(errorBody.parse(stale.json()).error.code).toBe('settings_changed')
    expect(await current()).toEqual(after)
  })
})
