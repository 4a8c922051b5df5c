import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { runManagerCommand } from '../staff/manager-command'
import { createRestaurantRepository } from './restaurant-repository'
import { runRestaurantCommand } from './restaurant-command'

/** `npm run restaurant:create` on an empty embedded database, as an owner going live runs it. */
describe('restaurant command line', () => {
  let dir: string
  const env = () => ({ DATA_DIR: join(dir, 'data') })
  const run = async (argv: string[]) => {
    let out = ''
    let err = ''
    const code = await runRestaurantCommand(argv, {
      env: env(),
      out: (text) => (out += text),
      err: (text) => (err += text),
    })
    return { code, out, err }
  }
  const restaurants = async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: env().DATA_DIR })
    try {
      return await database.db.selectFrom('restaurants').select(['id', 'name']).execute()
    } finally {
      await database.close()
    }
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-restaurant-cli-'))
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('adds a restaurant to an empty install, which then takes its first manager', async () => {
    const made = await run([
      'create',
      '--id',
      'bistro',
      '--name',
      'Бистро «Ёлка»',
      '--timezone',
      'Asia/Vladivostok',
    ])
    expect(made).toMatchObject({ code: 0, err: '' })
    expect(made.out).toContain('npm run manager:create -- --restaurant bistro')

    const database = await openDatabase({ kind: 'pglite', dataDir: env().DATA_DIR })
    try {
      const bistro = await createRestaurantRepository(database.db).findById('bistro')
      expect(bistro).toMatchObject({
        name: 'Бистро «Ёлка»',
        timezone: 'Asia/Vladivostok',
        currency: 'RUB',
        locale: 'ru-RU',
        defaultLanguage: 'ru',
      })
      expect(bistro?.openingHours).toHaveLength(7)
    } finally {
      await database.close()
    }
    let out = ''
    const manager = await runManagerCommand(
      ['create', '--restaurant', 'bistro', '--login', 'owner', '--name', 'Ольга'],
      { env: env(), out: (text) => (out += text), err: () => undefined },
    )
    expect(manager).toBe(0)
    expect(out).toContain('/rest/bistro/admin')
  }, 60_000)

  it('refuses what cannot be a restaurant, saying why, and changes nothing', async () => {
    const before = await restaurants()
    const refusals: [string[], RegExp][] = [
      [['create', '--name', 'No id'], /Give an id/],
      [['create', '--id', 'Bistro', '--name', 'Caps'], /"Bistro" cannot be an id/],
      [['create', '--id=-x', '--name', 'Dash'], /"-x" cannot be an id/],
      [['create', '--id', 'cafe'], /Give a name/],
      [['create', '--id', 'cafe', '--name', 'Z', '--timezone', 'Mars/Olympus'], /no time zone/],
      [['create', '--id', 'cafe', '--name', 'Z', '--currency', 'XYZ'], /no currency "XYZ"/],
      [['create', '--id', 'cafe', '--name', 'Z', '--currency', 'JPY'], /JPY has 0 decimals/],
      [['create', '--id', 'cafe', '--name', 'Z', '--locale', 'de-DE'], /speaks ru and en/],
      [['create', '--id', 'cafe', '--name', 'Z', '--locale', 'not a locale!'], /not a locale/],
      [['create', '--id', 'bistro', '--name', 'Again'], /already a restaurant "bistro"/],
      [['delete', '--id', 'bistro'], /Unknown command "delete"/],
    ]
    for (const [argv, message] of refusals) {
      const refused = await run(argv)
      expect(refused.code, argv.join(' ')).toBe(1)
      expect(refused.err).toMatch(message)
    }
    expect(await restaurants()).toEqual(before)
  }, 60_000)

  it('takes an English-speaking restaurant in another currency', async () => {
    const made = await run([
      'create',
      '--id',
      'harbour-cafe',
      '--name',
      'Harbour Café',
      '--timezone',
      'Europe/London',
      '--currency',
      'gbp',
      '--locale',
      'en-gb',
    ])
    expect(made).toMatchObject({ code: 0, err: '' })
    const database = await openDatabase({ kind: 'pglite', dataDir: env().DATA_DIR })
    try {
      expect(await createRestaurantRepository(database.db).findById('harbour-cafe')).toMatchObject({
        currency: 'GBP',
        locale: 'en-GB',
        defaultLanguage: 'en',
      })
    } finally {
      await database.close()
    }
  }, 60_000)
})
