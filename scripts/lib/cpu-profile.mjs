// Where a V8 CPU profile (node --cpu-prof) spent its time: self time by package and by
// function, idle time left out. A sample stands for at most twice the sampling interval: V8
// stamps samples with the wall clock, and on a shared machine a gap of tens of milliseconds is
// time the process waited for a core, which would otherwise be credited to whatever frame it
// stopped in (on a loaded run, half the profile's time).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * @typedef {{ id: number, hitCount?: number, children?: number[],
 *   callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode
 */

/** @param {ProfileNode['callFrame']} frame */
function packageOf({ url, functionName }) {
  if (url === '') return functionName || '(native)'
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inModules?.[1]) return inModules[1]
  if (url.startsWith('node:')) return 'node'
  if (url.includes('/dist/')) return `app (${url.slice(url.lastIndexOf('/') + 1)})`
  return url.slice(url.lastIndexOf('/') + 1)
}

/**
 * @param {string} path a .cpuprofile file
 * @param {number} [top]
 * @returns {{ totalMs: number, packages: Array<[string, number]>, functions: Array<[string, number]> }}
 */
export function summarizeCpuProfile(path, top = 15) {
  const profile = /** @type {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} */ (
    JSON.parse(readFileSync(path, 'utf8'))
  )
  /** @type {Map<number, ProfileNode>} */
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  /** @type {Map<string, number>} */
  const byPackage = new Map()
  /** @type {Map<string, number>} */
  const byFunction = new Map()
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b)
  const mostUs = 2 * (deltas[deltas.length >> 1] ?? 0)
  let totalMs = 0
  profile.samples.forEach((id, index) => {
    const ms = Math.min(profile.timeDeltas[index] ?? 0, mostUs) / 1000
    const frame = nodes.get(id)?.callFrame
    if (!frame || frame.functionName === '(idle)') return
    totalMs += ms
    const pkg = packageOf(frame)
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms)
    const name = `${frame.functionName || '(anonymous)'} ${pkg}:${frame.lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
  })
  /** @param {Map<string, number>} map */
  const ranked = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top)
  return { totalMs, packages: ranked(byPackage), functions: ranked(byFunction) }
}

/**
 * The profiles a bench's server wrote to `dir` as lines to print: for each, its busy time and that
 * time for each of `count` things done (`what`: "an order", "a thousand deliveries", …), then its
 * hottest packages and functions by self time.
 * @param {string} dir @param {{ count: number, per: number, what: string }} work
 *   `per`: how many of the things `what` counts (1 for "an order", 1,000 for "a thousand …")
 * @returns {string[]}
 */
export function profileReport(dir, { count, per, what }) {
  /** @type {string[]} */
  const lines = []
  /** @param {number} ms @param {number} totalMs */
  const share = (ms, totalMs) => `${((100 * ms) / totalMs).toFixed(1).padStart(5)} %`
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const { totalMs, packages, functions } = summarizeCpuProfile(join(dir, file))
    const each = (totalMs * per) / Math.max(1, count)
    lines.push(
      `profile of the measured run ${join(dir, file)}: ${totalMs.toFixed(0)} ms busy ` +
        `(${each.toFixed(2)} ms ${what})`,
    )
    for (const [name, ms] of packages) lines.push(`  ${share(ms, totalMs)}  ${name}`)
    lines.push('  hottest functions (self time):')
    for (const [name, ms] of functions) lines.push(`  ${share(ms, totalMs)}  ${name}`)
  }
  return lines
}

const PRELOAD = fileURLToPath(new URL('cpu-profile-preload.mjs', import.meta.url))

/**
 * The environment that has a bench's server profile itself into `dir` (cpu-profile-preload.mjs:
 * NODE_OPTIONS refuses --cpu-prof); nothing when `dir` is undefined.
 * @param {string | undefined} dir
 * @returns {Record<string, string>}
 */
export function profilingEnv(dir) {
  if (dir === undefined) return {}
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PRELOAD}`.trim(),
    CPU_PROFILE_DIR: dir,
  }
}
