// A throw-away folder of files for the scripts' tests, removed after each test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach } from 'vitest'

/** @type {string[]} */
const made = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * @param {Record<string, string>} files path in the folder → text
 * @returns {{ root: string, write: (changes: Record<string, string>) => void }}
 */
export function scratchCheckout(files) {
  const root = mkdtempSync(join(tmpdir(), 'tableside-scratch-'))
  made.push(root)
  /** @param {Record<string, string>} changes */
  const write = (changes) => {
    for (const [path, text] of Object.entries(changes)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
  }
  write(files)
  return { root, write }
}
