// Checks that remember a file's pass by a key of everything its verdict depends on (decisions
// 0155, 0157): a marker file per key, in a folder outside the checkout, so a clean clone on the
// same machine (CI's) starts from what the last run learnt. A marker unused for two weeks is
// forgotten. `TABLESIDE_LINT_CACHE=off` turns every such cache off; when set to a folder, each
// check keeps its markers in a subfolder of it.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** A remembered pass unused this long is forgotten. */
const FORGET_AFTER_MS = 14 * 24 * 3600 * 1000

/** @param {string} dir */
function readdirOrEmpty(dir) {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/**
 * @typedef {{ has(key: string | undefined): boolean, remember(key: string | undefined): void,
 *   forgetUnused(): void }} PassCache
 */

/**
 * The markers of one check (`lint`, `format`); undefined when caches are off.
 * @param {string} check
 * @returns {PassCache | undefined}
 */
export function passCache(check) {
  const setting = process.env.TABLESIDE_LINT_CACHE
  if (setting === 'off') return undefined
  const dir = setting
    ? join(setting, check)
    : join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tableside', check)
  /** @param {string} key */
  const marker = (key) => join(dir, key.slice(0, 2), key)
  return {
    /** Whether a pass under `key` is remembered (a file without a key never is); marks it used. */
    has(key) {
      if (!key) return false
      const path = marker(key)
      if (!existsSync(path)) return false
      const now = new Date()
      utimesSync(path, now, now)
      return true
    },
    remember(key) {
      if (!key) return
      const path = marker(key)
      mkdirSync(join(path, '..'), { recursive: true })
      writeFileSync(path, '')
    },
    forgetUnused() {
      const before = Date.now() - FORGET_AFTER_MS
      for (const shard of readdirOrEmpty(dir)) {
        for (const name of readdirOrEmpty(join(dir, shard))) {
          const path = join(dir, shard, name)
          try {
            if (statSync(path).mtimeMs < before) rmSync(path, { force: true })
          } catch {
            // Forgotten meanwhile by a run beside this one.
          }
        }
      }
    },
  }
}
