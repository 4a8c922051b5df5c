import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { migratedDataDir } from '../../test/test-database'
import { seedDemo } from '../../db/seed-demo'
import { createTableSessionRepository } from './table-session-repository'
import { runTableCommand } from './table-command'

/** The tables' command line against a real embedded database in a data directory, as a restaurant runs it. */
describe('table command line', () => {
  let dir: string
  const env = () => ({ DATA_DIR: join(dir, 'data'), PUBLIC_URL: 'https://bistro.example/' })
  const run = async (...argv: string[]) => {
    let out = ''
    let err = ''
    const code = await runTableCommand(argv, {
      env: env(),
      out: (text) => (out += text),
      err: (text) => (err += text),
    })
    return { code, out, err }
  }
  const withDatabase = async <T>(use: (db: Awaited<ReturnType<typeof openDatabase>>) => T) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: env().DATA_DIR })
    try {
      return await use(database)
    } finally {
      await database.close()
    }
  }
  const linkOf = (out: string, code: string) =>
    new RegExp(`^${code} +(\\S+)$`, 'm').exec(out)?.[1] ?? ''

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-table-cli-'))
    await migratedDataDir(env().DATA_DIR)
    await withDatabase(async (database) => {
      await seedDemo(database.db)
    })
  }, 60_000)
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it("lists the demo tables' QR links with their tokens, T2 before T10", async () => {
    const links = await run('links')
    expect(links).toMatchObject({ code: 0, err: '' })
    const codes = [...links.out.matchAll(/^(T\d+) /gm)].map((match) => match[1])
    expect(codes).toEqual(Array.from({ length: 12 }, (_, i) => `T${i + 1}`))
    expect(linkOf(links.out, 'T1')).toMatch(
      /^https:\/\/bistro\.example\/rest\/demo\/init\?table=[A-Za-z0-9_-]{22}$/,
    )
  })

  it('gives a table a new token, prints its link, and the old one is retired', async () => {
    const before = linkOf((await run('links')).out, 'T1')
    const rotated = await run('rotate-token', '--table', 't1', '--restaurant', 'demo')
    expect(rotated).toMatchObject({ code: 0, err: '' })
    const fresh = /(https:\S+)/.exec(rotated.out)?.[1] ?? ''
    expect(rotated.out).toContain('Table T1 of "demo" has a new QR code')
    expect(fresh).toMatch(/\?table=[A-Za-z0-9_-]{22}$/)
    expect(fresh).not.toBe(before)
    expect(linkOf((await run('links')).out, 'T1')).toBe(fresh)

    const token = (link: string) => new URL(link).searchParams.get('table') ?? ''
    await withDatabase(async (database) => {
      const tables = createTableSessionRepository(database.db)
      expect(await tables.findTableByQrToken('demo', token(fresh))).toMatchObject({ code: 'T1' })
      expect(await tables.findTableByQrToken('demo', token(before))).toBeUndefined()
      expect(await tables.isRetiredQrToken('demo', token(before))).toBe(true)
    })
  }, 30_000)

  it('says what is wrong and changes nothing for an unknown table, restaurant or command', async () => {
    const before = (await run('links')).out
    expect(await run('rotate-token', '--table', 'T99')).toEqual({
      code: 1,
      out: '',
      err: '"demo" has no table T99.\n',
    })
    expect((await run('rotate-token', '--table', 'T1', '--restaurant', 'nowhere')).err).toBe(
      '"nowhere" has no table T1.\n',
    )
    const missing = await run('rotate-token')
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('Name the table: --table T1.')
    expect(missing.err).toContain('Usage:')
    expect((await run('shuffle')).err).toContain('Unknown command "shuffle".')
    expect((await run('rotate-token', '--tabel', 'T1')).err).toContain('Usage:')
    expect((await run('links')).out).toBe(before)
  }, 30_000)
})
