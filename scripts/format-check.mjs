// `npm run format:check`: every file Prettier formats is formatted as `npm run format` would
// leave it, and a file is checked again only when its text, its options or Prettier changed
// (decision 0157). A formatter's verdict depends on nothing else, so a pass is remembered under
// a hash of those (`lib/pass-cache.mjs`) outside the checkout: Prettier's own `--cache` keys a
// file by its absolute path, which a clean clone elsewhere never shares.
// `TABLESIDE_LINT_CACHE=off` checks every file.
import * as prettier from 'prettier'
import { checkoutFiles } from './lib/checkout-files.mjs'
import { formatKeys } from './lib/format-keys.mjs'
import { passCache } from './lib/pass-cache.mjs'
import { root } from './lib/build.mjs'

const cache = passCache('format')
const started = performance.now()
const files = await formatKeys({ root, files: checkoutFiles() })
const toCheck = files.filter(({ key }) => !cache?.has(key))
const keyed = `${((performance.now() - started) / 1000).toFixed(1)} s`
/** @type {string[]} */
const unformatted = []
for (const { file, text, options, key } of toCheck) {
  try {
    if (await prettier.check(text, options)) cache?.remember(key)
    else unformatted.push(file)
  } catch (error) {
    // A file Prettier cannot parse fails the check, as on the command line.
    unformatted.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

cache?.forgetUnused()
for (const file of unformatted) process.stdout.write(`[warn] ${file}\n`)
if (unformatted.length > 0) {
  process.stdout.write(
    `[warn] Code style issues found in ${String(unformatted.length)} file(s). Run \`npm run format\` to fix.\n`,
  )
}
process.stdout.write(
  `Prettier: ${String(files.length)} files, ${String(toCheck.length)} checked, ` +
    `${String(files.length - toCheck.length)} unchanged since they passed (found in ${keyed})\n`,
)
process.exitCode = unformatted.length > 0 ? 1 : 0
