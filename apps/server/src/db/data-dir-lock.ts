import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
}

interface LockOwner {
  pid: number
  hostname: string
  startedAt: string
}

/**
 * Embedded PostgreSQL must never be opened by two processes at once: it would corrupt
 * the data directory. The lock file names its owner so the refusal can say who holds it;
 * a lock left by a process that is gone (a crash) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'tableside.lock')
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  }

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, JSON.stringify(me))
      closeSync(fd)
      return () => {
        rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error
    }
    const owner = readOwner(lockPath)
    if (owner && isAlive(owner)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by process ${owner.pid} on ${owner.hostname} ` +
          `(started ${owner.startedAt}). Stop that process first, or set DATA_DIR to another directory.`,
      )
    }
    rmSync(lockPath, { force: true })
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dataDir}: ${lockPath} keeps reappearing.`,
  )
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(lockPath, 'utf8'))
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      'hostname' in parsed &&
      typeof parsed.hostname === 'string' &&
      'startedAt' in parsed &&
      typeof parsed.startedAt === 'string'
    ) {
      return { pid: parsed.pid, hostname: parsed.hostname, startedAt: parsed.startedAt }
    }
  } catch {
    // unreadable or half-written: treated as stale
  }
  return undefined
}

function isAlive(owner: LockOwner): boolean {
  // A lock from another machine (a shared volume) cannot be checked: respect it.
  if (owner.hostname !== hostname()) return true
  if (owner.pid === process.pid) return true
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (error) {
    return isErrno(error, 'EPERM')
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code
}
