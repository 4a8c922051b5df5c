import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menuFileImport } from '@tableside/contracts/menu-file-import'
import { openDatabase } from '../../db/database'
import { migratedDataDir } from '../../test/test-database'
import { runMenuCommand } from './menu-command'
import { createTestRestaurant, testMenuFile } from './test-menu-file'

/** The menu command line against a real embedded database in a data directory, as a restaurant runs it. */
describe('menu command line', () => {
  let dir: string
  const env = () => ({ DATA_DIR: join(dir, 'data') })
  const run = async (...argv: string[]) => {
    let out = ''
    let err = ''
    const code = await runMenuCommand(argv, {
      env: env(),
      out: (text) => (out += text),
      err: (text) => (err += text),
    })
    return { code, out, err }
  }
  const writeJson = (name: string, value: unknown) => {
    const path = join(dir, name)
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
    return path
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-menu-cli-'))
    await migratedDataDir(env().DATA_DIR)
    const database = await openDatabase({ kind: 'pglite', dataDir: env().DATA_DIR })
    await createTestRestaurant(database.db, 'bistro')
    await database.close()
  }, 60_000)
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('imports a valid file, and exports it back so that it imports unchanged', async () => {
    const imported = await run(
      'import',
      writeJson('menu.json', testMenuFile()),
      '--restaurant',
      'bistro',
    )
    expect(imported).toMatchObject({ code: 0, err: '' })
    expect(imported.out).toMatch(/^Imported .*menu\.json into "bistro" \(menu version 2\)\.\n$/)

    const first = await run('export', '--restaurant', 'bistro')
    expect(first.code).toBe(0)
    const exported: unknown = JSON.parse(first.out)
    expect(exported).toMatchObject({
      format: 'tableside.menu/1',
      menus: [{ id: 'main' }, { id: 'bar' }],
    })

    expect(
      (await run('import', writeJson('again.json', exported), '--restaurant', 'bistro')).code,
    ).toBe(0)
    expect((await run('export', '--restaurant', 'bistro')).out).toBe(first.out)
  }, 30_000)

  it('reports every bad field with its path and changes nothing', async () => {
    const before = (await run('export', '--restaurant', 'bistro')).out
    const broken = testMenuFile() as ReturnType<typeof testMenuFile> & Record<string, unknown>
    const soups = broken.menus[0]?.categories[0]
    if (!soups?.dishes?.[0] || !soups.dishes[1]) throw new Error('fixture changed')
    Object.assign(soups.dishes[0], { price: -5 })
    Object.assign(soups.dishes[1], { id: 'borscht' })
    Object.assign(broken.menus[1] ?? {}, { servedUntil: '25:00' })
    broken.stories.push({ ...broken.stories[0], id: 'lost', dishId: 'nothing-here' } as never)

    const result = await run('import', writeJson('broken.json', broken), '--restaurant', 'bistro')
    expect(result.code).toBe(1)
    expect(result.err).toContain('nothing was changed')
    expect(result.err).toContain('menus[0].categories[0].dishes[0].price:')
    expect(result.err).toContain('menus[1].servedUntil: A time is HH:MM')

    // Field rules are checked before the cross-file rules; with those fixed, the rest show.
    Object.assign(soups.dishes[0], { price: 100 })
    Object.assign(broken.menus[1] ?? {}, { servedUntil: '23:00' })
    const second = await run('import', writeJson('broken2.json', broken), '--restaurant', 'bistro')
    expect(second.code).toBe(1)
    expect(second.err).toContain(
      'menus[0].categories[0].dishes[1].id: The dish id "borscht" is already used at menus[0].categories[0].dishes[0]',
    )
    expect(second.err).toContain('stories[2].dishId: There is no dish "nothing-here" in this file')
    expect((await run('export', '--restaurant', 'bistro')).out).toBe(before)
  }, 30_000)

  it('refuses pictures from image hosts not in MEDIA_ORIGINS, with the field that has them', async () => {
    const before = (await run('export', '--restaurant', 'bistro')).out
    const file = menuFileImport.parse(testMenuFile())
    const borscht = file.menus[0]?.categories[0]?.dishes[0]
    const story = file.stories[0]
    if (!borscht?.photo || !story) throw new Error('fixture changed')
    borscht.photo.url = 'https://images.bistro.example/borscht.jpg'
    story.media.url = 'https://elsewhere.example/story.jpg'
    const path = writeJson('remote-photos.json', file)
    const importWith = async (mediaOrigins: string) => {
      let err = ''
      const code = await runMenuCommand(['import', path, '--restaurant', 'bistro'], {
        env: { ...env(), MEDIA_ORIGINS: mediaOrigins },
        out: () => undefined,
        err: (text) => (err += text),
      })
      return { code, err }
    }

    const refused = await importWith('https://images.bistro.example')
    expect(refused.code).toBe(1)
    expect(refused.err).toContain(
      "stories[0].media.url: Pictures from https://elsewhere.example would not show: add it to the server's MEDIA_ORIGINS (now https://images.bistro.example) or put the picture under /media/",
    )
    expect(refused.err).not.toContain('dishes[0].photo.url')
    const unset = await run('import', path, '--restaurant', 'bistro')
    expect(unset.err).toContain(
      'menus[0].categories[0].dishes[0].photo.url: Pictures from https://images.bistro.example would not show',
    )
    expect((await run('export', '--restaurant', 'bistro')).out).toBe(before)

    const listed = await importWith('https://images.bistro.example,https://elsewhere.example')
    expect(listed).toEqual({ code: 0, err: '' })
    const exported = (await run('export', '--restaurant', 'bistro')).out
    expect(exported).toContain('https://images.bistro.example/borscht.jpg')
    expect(
      (await run('import', writeJson('local.json', testMenuFile()), '--restaurant', 'bistro')).code,
    ).toBe(0)

    // A /media/ address a browser would resolve outside /media/ (issue 27).
    borscht.photo.url = '/media/../api/v1/health'
    story.media.url = '/media/demo/borscht.svg'
    const escaping = await run(
      'import',
      writeJson('escaping-photo.json', file),
      '--restaurant',
      'bistro',
    )
    expect(escaping.code).toBe(1)
    expect(escaping.err).toContain(
      'menus[0].categories[0].dishes[0].photo.url: A picture is /media/ and a name',
    )
  }, 30_000)

  it('explains a file that is not JSON, an unknown restaurant and a missing argument', async () => {
    const notJson = await run(
      'import',
      writeJson('bad.json', '{"format": '),
      '--restaurant',
      'bistro',
    )
    expect(notJson.code).toBe(1)
    expect(notJson.err).toMatch(/bad\.json is not valid JSON/)

    const unknown = await run(
      'import',
      writeJson('ok.json', testMenuFile()),
      '--restaurant',
      'nowhere',
    )
    expect(unknown).toMatchObject({ code: 1, err: 'There is no restaurant "nowhere".\n' })

    const usage = await run('import')
    expect(usage.code).toBe(1)
    expect(usage.err).toContain('Usage:')
  }, 30_000)

  it('puts dishes on the stop-list and back', async () => {
    const off = await run('stop-list', '--off', 'borscht', 'ghost', '--restaurant', 'bistro')
    expect(off.out).toBe('On the stop-list: borscht.\nAlready so, or not on the menu: ghost.\n')
    const exported = JSON.parse((await run('export', '--restaurant', 'bistro')).out) as {
      menus: { categories: { dishes: { id: string; available: boolean }[] }[] }[]
    }
    expect(exported.menus[0]?.categories[0]?.dishes[0]).toMatchObject({
      id: 'borscht',
      available: false,
    })
    const on = await run('stop-list', '--on', 'borscht', '--restaurant', 'bistro')
    expect(on.out).toBe('Back on the menu: borscht.\n')
  }, 30_000)
})
