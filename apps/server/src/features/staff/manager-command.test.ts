import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { migratedDataDir } from '../../test/test-database'
import { seedDemo } from '../../db/seed-demo'
import { runManagerCommand } from './manager-command'
import { createStaffService } from './staff-service'

/** `npm run manager:create` against a real embedded database, as a restaurant runs it. */
describe('manager command line', () => {
  let dir: string
  const dataDir = () => join(dir, 'data')
  const run = async (argv: string[], stdin?: string) => {
    let out = ''
    let err = ''
    const code = await runManagerCommand(argv, {
      env: { DATA_DIR: dataDir() },
      out: (text) => (out += text),
      err: (text) => (err += text),
      ...(stdin === undefined ? {} : { stdin: () => Promise.resolve(stdin) }),
    })
    return { code, out, err }
  }
  const signIn = async (login: string, password: string) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() })
    try {
      const service = createStaffService({ db: database.db })
      const place = { address: '127.0.0.1', device: undefined, newDevice: 'command-test-device000' }
      return await service.loginManager({ restaurantId: 'demo', login, password }, place).then(
        (signedIn) => signedIn.staff.name,
        () => null,
      )
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-manager-cli-'))
    await migratedDataDir(dataDir())
    const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() })
    await seedDemo(database.db)
    await database.close()
  }, 60_000)
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('makes a manager with a password printed once, who can then sign in', async () => {
    const made = await run(['create', '--login', 'Maria', '--name', 'Мария'])
    expect(made).toMatchObject({ code: 0, err: '' })
    const password = /^Password: (\S+)$/m.exec(made.out)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(20)
    expect(await signIn('maria', password)).toBe('Мария')
  }, 30_000)

  it('reads the password from standard input when asked, and refuses a short one', async () => {
    const made = await run(
      ['create', '--login', 'oleg', '--name', 'Олег', '--password-stdin'],
      'a-long-secret-1\n',
    )
    expect(made).toMatchObject({ code: 0 })
    expect(made.out).not.toContain('Password:')
    expect(await signIn('oleg', 'a-long-secret-1')).toBe('Олег')
    const short = await run(
      ['create', '--login', 'pavel', '--name', 'П', '--password-stdin'],
      'short\n',
    )
    expect(short.code).toBe(1)
    expect(short.err).toMatch(/too short/)
  }, 30_000)

  it('refuses a taken login, an unknown restaurant and a missing name, changing nothing', async () => {
    const taken = await run(['create', '--login', 'manager', '--name', 'Ещё один'])
    expect(taken).toMatchObject({ code: 1 })
    expect(taken.err).toMatch(/already has a login "manager"/)
    const unknown = await run(['create', '--login', 'x', '--name', 'X', '--restaurant', 'nowhere'])
    expect(unknown.err).toMatch(/no restaurant "nowhere"/)
    const nameless = await run(['create', '--login', 'y'])
    expect(nameless.err).toMatch(/Give a name/)
    expect(await signIn('manager', 'tableside-demo')).toBe('Мария Петровна')
  }, 30_000)
})
