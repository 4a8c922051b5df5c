import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../test/test-database'
import type { DatabaseHandle } from './database'
import { sharedKey } from './server-keys'

const longEnough = (text: string) => text.length >= 32

// Nodes with data directories of their own made keys of their own: a sign-in code one node sent
// was refused by the next, and a push signed by one was refused for a subscription made with
// another's key (decision 0114).
describe.each(testDatabaseKinds)('keys every node shares, on $name', (kind) => {
  let handle: DatabaseHandle
  const dirs: string[] = []
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-keys-'))
    dirs.push(dir)
    return dir
  }
  beforeAll(async () => {
    handle = await kind.open()
  })
  afterAll(async () => {
    await handle.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('gives nodes that start together the one key whichever stored it first', async () => {
    let made = 0
    const make = () => `key-${String(++made)}-${'x'.repeat(32)}`
    const keys = await Promise.all(
      Array.from({ length: 8 }, () =>
        sharedKey(handle.db, 'together', make, { path: join(dataDir(), 'k'), valid: longEnough }),
      ),
    )
    expect(made).toBe(8)
    expect(new Set(keys).size).toBe(1)
    expect(await sharedKey(handle.db, 'together', make)).toBe(keys[0])
  })

  it('keeps the key an older release kept in the data directory, and ignores a broken one', async () => {
    const upgraded = dataDir()
    const older = 'o'.repeat(40)
    writeFileSync(join(upgraded, 'secret'), `${older}\n`)
    const kept = { path: join(upgraded, 'secret'), valid: longEnough }
    expect(await sharedKey(handle.db, 'kept', () => 'made', kept)).toBe(older)
    // A second node with no file, or another file, reads the one now stored.
    expect(await sharedKey(handle.db, 'kept', () => 'made')).toBe(older)

    const broken = dataDir()
    writeFileSync(join(broken, 'secret'), 'short')
    const made = 'm'.repeat(40)
    const fromBroken = { path: join(broken, 'secret'), valid: longEnough }
    expect(await sharedKey(handle.db, 'broken', () => made, fromBroken)).toBe(made)
  })
})
