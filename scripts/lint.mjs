// `npm run lint`'s ESLint: every file the config lints, no warning allowed, and a file lints again
// only when something its result depends on changed (decision 0155). A file that passed is
// remembered under a key of its text, every module of ours it imports, what every file is typed
// against and its config (`lib/lint-keys.mjs`), in a folder outside the checkout, so a clean
// clone on the same machine (CI's) starts from what the last run learnt. The type-aware pass
// costs minutes of CPU for the whole repository; a change is a few files and what imports them.
// `TABLESIDE_LINT_CACHE=off` lints every file (`lib/pass-cache.mjs`).
import { relative } from 'node:path'
import { ESLint } from 'eslint'
import { checkoutFiles } from './lib/checkout-files.mjs'
import { lintKeys } from './lib/lint-keys.mjs'
import { passCache } from './lib/pass-cache.mjs'
import { root } from './lib/build.mjs'

const LINTED = /\.(?:[cm]?[jt]s|[jt]sx)$/

const cache = passCache('lint')
const eslint = new ESLint({ cwd: root })
const checkoutDir = root.replace(/\/$/, '')
const checkout = checkoutFiles()
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
  if (!cache) continue
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

const keys = cache
  ? lintKeys({ root, files, everywhere, configOf: (file) => configs.get(file) ?? '' })
  : new Map()
const toLint = files.filter((file) => !cache?.has(keys.get(file)))
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
  if (count === 0) cache?.remember(keys.get(relative(root, result.filePath)))
}

cache?.forgetUnused()
process.stdout.write(
  `ESLint: ${String(files.length)} files, ${String(toLint.length)} linted, ` +
    `${String(files.length - toLint.length)} unchanged since they passed (found in ${keyed})` +
    `${problems > 0 ? `, ${String(problems)} problems` : ''}\n`,
)
process.exitCode = problems > 0 ? 1 : 0
