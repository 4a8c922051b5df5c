// `npm run check:engines`: every package the lockfile installs runs on the oldest Node the
// project supports (package.json `engines.node`). npm only warns (EBADENGINE) when a
// dependency's release asks for a newer Node; this check fails instead, naming the package and
// who pulls it in, so an `overrides` entry (or another version) can be chosen on purpose.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { root } from './lib/build.mjs'

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'))

const project = readJson('package.json')
const oldest = semver.minVersion(project.engines.node)
if (!oldest) throw new Error(`package.json engines.node is not a range: ${project.engines.node}`)

/** @type {{ packages: Record<string, { version?: string, engines?: unknown }> }} */
const lock = readJson('package-lock.json')
const refused = []
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.startsWith('node_modules/') && !path.includes('/node_modules/')) continue
  const engines = entry.engines
  // Old packages may give an array of words ("node >= 0.8"): those never exclude today's Node.
  const range =
    engines && typeof engines === 'object' && !Array.isArray(engines)
      ? /** @type {Record<string, unknown>} */ (engines).node
      : undefined
  if (typeof range !== 'string') continue
  if (semver.satisfies(oldest, range, { includePrerelease: true })) continue
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
  const within = path.slice(0, path.lastIndexOf('node_modules/')).replace(/\/$/, '') || 'the root'
  refused.push(`${name}@${entry.version ?? '?'} (in ${within}) needs Node ${range}`)
}

if (refused.length > 0) {
  process.stderr.write(
    `These packages do not run on Node ${oldest.version} (package.json engines.node ` +
      `${project.engines.node}):\n${refused.map((line) => `  ${line}`).join('\n')}\n`,
  )
  process.exit(1)
}
process.stdout.write(
  `Every installed package runs on Node ${oldest.version} (${String(Object.keys(lock.packages).length)} in the lockfile)\n`,
)
