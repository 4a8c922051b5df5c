import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { uploadedPhoto } from '@tableside/contracts/menu-admin'
import { order } from '@tableside/contracts/orders'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { openDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { seedDemo } from '../db/seed-demo'
import { startTestApp } from '../test/test-app'
import { openTableSession, orderOlivierAt, signInAsManager } from '../test/test-restaurants'
import { runBackupCommand } from './backup-command'

// Issue 26: no backup or restore was documented; a restaurant on the embedded database had none.
describe('npm run backup and npm run restore', () => {
  const root = mkdtempSync(join(tmpdir(), 'tableside-backup-test-'))
  afterAll(() => {
    rmSync(root, { recursive: true, force: true })
  })

  const run = async (command: 'backup' | 'restore', args: string[], dataDir: string) => {
    let out = ''
    let err = ''
    const code = await runBackupCommand(command, args, {
      env: { DATA_DIR: dataDir },
      cwd: root,
      now: () => new Date('2026-11-29T10:20:30Z'),
      out: (text) => (out += text),
      err: (text) => (err += text),
    })
    return { code, out, err }
  }

  /** The real app on an embedded database in `dataDir`, as `npm start` runs it. */
  const serve = async (dataDir: string) => {
    const database = await openDatabase({ kind: 'pglite', dataDir })
    await migrate(database.db)
    return startTestApp(database, { DATA_DIR: dataDir })
  }

  // Two embedded databases started from their files, and a backup: past 30 s on a busy machine.
  it('backs up a stopped server’s data and photos, refuses while it runs, and restores every order and photo', async () => {
    const source = join(root, 'source')
    const first = await serve(source)
    await seedDemo(first.database.db)
    const session = await openTableSession(first, 'demo', 'T1')
    const placed = []
    for (let n = 0; n < 3; n++) {
      const answer = await orderOlivierAt(first.app, session.id)
      expect(answer.statusCode).toBe(201)
      placed.push(order.parse(answer.json()))
    }
    // A photo the manager uploaded: in the database (decision 0106), so in the backup with it.
    const { token } = await signInAsManager(first.app)
    const uploaded = await first.app.inject({
      method: 'POST',
      url: '/api/v1/admin/menu/photos',
      headers: { [MANAGER_TOKEN_HEADER]: token, 'content-type': 'image/png' },
      payload: await sharp({
        create: { width: 400, height: 300, channels: 3, background: '#6c8a5a' },
      })
        .png()
        .toBuffer(),
    })
    expect(uploaded.statusCode).toBe(201)
    const photoUrl = uploadedPhoto.parse(uploaded.json()).url
    const photo = (await first.app.inject({ url: photoUrl })).rawPayload

    const file = join(root, 'nightly.tar.gz')
    // While the server runs its files are not consistent to copy: refused, saying why.
    const refused = await run('backup', ['--to', file], source)
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/is in use by process \d+ .*Stop that process first/)
    expect(existsSync(file)).toBe(false)

    await first.close()
    const made = await run('backup', ['--to', file], source)
    expect(made).toMatchObject({ code: 0, out: `Backed up ${source} to ${file}\n` })

    // Into an empty directory, as on a new machine.
    const target = join(root, 'target')
    expect((await run('restore', [file], target)).code).toBe(0)
    expect(readdirSync(target)).not.toContain('photos')
    const restored = await serve(target)
    try {
      const served = await restored.app.inject({ url: photoUrl })
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(photo)).toBe(true)
      for (const before of placed) {
        const read = await restored.app.inject({ url: `/api/v1/orders/${before.id}` })
        expect(read.statusCode).toBe(200)
        expect(order.parse(read.json())).toEqual(before)
      }
    } finally {
      await restored.close()
    }

    // A directory with data is not overwritten unless asked, and then kept aside.
    const again = await run('restore', [file], target)
    expect(again.code).toBe(1)
    expect(again.err).toMatch(/already holds data .*pass --replace/)
    const replaced = await run('restore', [file, '--replace'], target)
    expect(replaced.code).toBe(0)
    expect(readdirSync(`${target}.before-restore-20261129-102030`)).toContain('pgdata')
  }, 60_000)

  it('refuses what is not a backup, and a PostgreSQL server, saying what to do instead', async () => {
    const bogus = join(root, 'bogus.tar.gz')
    writeFileSync(bogus, 'not a tarball')
    const notBackup = await run('restore', [bogus], join(root, 'empty'))
    expect(notBackup.code).toBe(1)
    expect(notBackup.err).toMatch(/is not a Tableside backup/)
    expect((await run('restore', [join(root, 'missing.tar.gz')], join(root, 'empty'))).err).toMatch(
      /There is no backup at/,
    )
    let err = ''
    const code = await runBackupCommand('backup', [], {
      env: { DATABASE_URL: 'postgres://db.example/tableside' },
      cwd: root,
      out: () => undefined,
      err: (text) => (err += text),
    })
    expect(code).toBe(1)
    expect(err).toMatch(/back up the PostgreSQL server with pg_dump .*uploaded photos/)
  })
})
