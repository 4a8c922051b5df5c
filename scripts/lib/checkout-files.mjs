// The checkout's files, tracked or new and not ignored by git, relative to its root: what the
// lint and the format check look at.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './build.mjs'

/** @returns {string[]} */
export function checkoutFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)))
}
