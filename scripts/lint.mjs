// `npm run lint`'s ESLint: every file the config lints, no warning allowed, and a file lints again
// only when something its result depends on changed (decision 0155). A file that passed is
// remembered under a key of its text, every module of ours it imports, what every file is typed
// against and its config (`lib/lint-keys.mjs`), in a folder outside the checkout, so a clean
// clone on the same machine (CI's) starts from what the last run learnt. The type-aware pass
// costs minutes of CPU for the whole repository; a change is a few files and what imports them.
// `TABLESIDE_LINT_CACHE=off` lints every file; the folder is `TABLESIDE_LINT_CACHE` when set.
import { execFileSync } from 'node:child_process'
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
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { lintKeys } from './lib/lint-keys.mjs'
import { root } from './lib/build.mjs'

const LINTED = /\.(?:[cm]?[jt]s|[jt]sx)$/
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

const setting = process.env.TABLESIDE_LINT_CACHE
const cacheDir =
  setting === 'off'
    ? undefined
    : (setting ??
      join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tableside', 'lint'))

const eslint = new ESLint({ cwd: root })
const checkoutDir = root.replace(/\/$/, '')
const checkout = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
)
  .split('\0')
  .filter((file) => file !== '' && existsSync(join(root, file)))
/** What every file is typed and linted against besides its own imports. */
const everywhere = [
  'package-lock.json',
  'eslint.config.js',
  ...checkout.filter((file) => /(?:^|\/)tsconfig[^/]*\.json$/.test(file)),
]
const candidates = checkout.filter((file) => LINTED.test(file))
const started = performance.now()
/** @type {string[]} */
const files = []
/** @type {Map<string, string>} */
const configs = new Map()
for (const file of candidates) {
  if (await eslint.isPathIgnored(file)) continue
  const config = /** @type {Record<string, unknown> | undefined} */ (
    await eslint.calculateConfigForFile(file)
  )
  if (!config) continue
  files.push(file)
  if (!cacheDir) continue
  const {
    languageOptions = {},
    rules,
    settings,
  } = /** @type {{ languageOptions?: Record<string, unknown>, rules?: unknown, settings?: unknown }} */ (
    config
  )
  const { parser, ...options } = languageOptions
  const parserName = /** @type {{ meta?: { name?: string } } | undefined} */ (parser)?.meta?.name
  // The config names the checkout's folder (tsconfigRootDir, the import zones' basePath): a clone
  // elsewhere has the same config.
  const text = JSON.stringify([rules, settings, options, parserName ?? null])
  configs.set(file, text.replaceAll(JSON.stringify(checkoutDir).slice(1, -1), '<checkout>'))
}

const keys = cacheDir
  ? lintKeys({ root, files, everywhere, configOf: (file) => configs.get(file) ?? '' })
  : new Map()
/** @param {string | undefined} key */
const marker = (key) => (cacheDir && key ? join(cacheDir, key.slice(0, 2), key) : undefined)
const toLint = files.filter((file) => {
  const path = marker(keys.get(file))
  if (!path || !existsSync(path)) return true
  const now = new Date()
  utimesSync(path, now, now)
  return false
})
const keyed = `${((performance.now() - started) / 1000).toFixed(1)} s`

const results = toLint.length > 0 ? await eslint.lintFiles(toLint) : []
const formatter = await eslint.loadFormatter('stylish')
const report = await formatter.format(results)
if (report) process.stdout.write(report)

let problems = 0
for (const result of results) {
  // A file that did not parse counts among the errors too.
  const count = result.errorCount + result.warningCount
  problems += count
  const path = marker(keys.get(relative(root, result.filePath)))
  if (count > 0 || !path) continue
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, '')
}

if (cacheDir) forgetUnused(cacheDir)
process.stdout.write(
  `ESLint: ${String(files.length)} files, ${String(toLint.length)} linted, ` +
    `${String(files.length - toLint.length)} unchanged since they passed (found in ${keyed})` +
    `${problems > 0 ? `, ${String(problems)} problems` : ''}\n`,
)
process.exitCode = problems > 0 ? 1 : 0

/** @param {string} dir */
function forgetUnused(dir) {
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
}
