import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

const made: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-lock-'))
  made.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

describe('the data directory lock', () => {
  it('refuses a second owner and names the process that holds it', () => {
    const dir = freshDir()
    const unlock = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid}`))
    unlock()
    expect(existsSync(join(dir, 'tableside.lock'))).toBe(false)
    lockDataDir(dir)()
  })

  it('takes over a lock left by a process that has exited', () => {
    const dir = freshDir()
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
    const deadPid = Number(gone.stdout.toString())
    writeFileSync(
      join(dir, 'tableside.lock'),
      JSON.stringify({ pid: deadPid, hostname: hostname(), startedAt: '2026-01-01T00:00:00Z' }),
    )
    const unlock = lockDataDir(dir)
    unlock()
  })

  it('takes over an unreadable lock file', () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'tableside.lock'), '{"pid":')
    lockDataDir(dir)()
  })

  it('respects a lock held from another machine', () => {
    const dir = freshDir()
    writeFileSync(
      join(dir, 'tableside.lock'),
      JSON.stringify({ pid: 1, hostname: 'other-host', startedAt: '2026-01-01T00:00:00Z' }),
    )
    expect(() => lockDataDir(dir)).toThrow(/on other-host/)
  })
})
