// Every process's CPU, read from /proc once a second and summed by kind (Chromium's renderers,
// the stories' servers, the test workers, ESLint…): what a whole run, CI included, spends its
// cores on. A process that starts and ends between two readings is missed; at one reading a
// second that is a rounding error for everything a test run starts.
import { readdirSync, readFileSync } from 'node:fs'
import { processStat } from './cpu.mjs'

/**
 * What a process is, from its name and command line.
 * @param {string} comm @param {string} command
 */
export function processKind(comm, command) {
  const program = command.split(' ')[0] ?? ''
  if (/chrom/i.test(comm) || /chrom/i.test(program)) {
    return `chromium ${/--type=(\S+)/.exec(command)?.[1] ?? 'browser'}`
  }
  if (command.includes('cpu-hog')) return 'the CPU hog (a loaded machine)'
  if (comm.startsWith('postgres')) return 'postgresql'
  if (comm.startsWith('redis')) return 'redis'
  if (comm === 'tsc' || command.includes('typescript-7')) return 'tsc'
  if (comm === 'npm' || /\bnpm(-cli)?(\.js)?\b/.test(program)) return 'npm'
  if (comm === 'node' || comm.startsWith('node') || comm === 'MainThread') {
    if (command.includes('apps/server/dist/')) return 'node: story and bench servers'
    if (command.includes('photo-worker')) return 'node: photo worker'
    if (command.includes('vitest')) {
      return command.includes('vitest.mjs') ? 'node: vitest (main)' : 'node: vitest workers'
    }
    if (command.includes('scripts/lint.mjs')) return 'node: eslint'
    if (command.includes('scripts/format-check.mjs')) return 'node: prettier'
    for (const tool of ['eslint', 'prettier', 'dpdm', 'vite']) {
      if (command.includes(`.bin/${tool}`) || command.includes(`/${tool}/`)) return `node: ${tool}`
    }
    return 'node: other'
  }
  return comm
}

/** @param {string} pid */
function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
  } catch {
    return ''
  }
}

/**
 * Starts reading. `stop()` answers the CPU seconds by kind over the whole run, and each
 * second's by kind (`seconds[i]` is the second that ended at `at[i]`, in ms since the epoch).
 * Processes already running when it starts count only their CPU from then on.
 * @param {{ exclude?: number[] }} [options] process ids to leave out (the sampler's own caller)
 */
export function startProcessSampler({ exclude = [] } = {}) {
  /** @type {Map<string, { kind: string, cpuMs: number }>} */
  const known = new Map()
  /** @type {Map<string, number>} */
  const total = new Map()
  /** @type {{ at: number, byKind: Map<string, number> }[]} */
  const seconds = []
  const left = new Set(exclude.map(String))

  /** @param {boolean} first */
  function read(first) {
    /** @type {Map<string, number>} */
    const byKind = new Map()
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || left.has(pid)) continue
      const now = processStat(pid)
      if (!now) continue
      const key = `${pid}:${now.started}`
      let seen = known.get(key)
      if (!seen) {
        seen = { kind: processKind(now.comm, commandOf(pid)), cpuMs: first ? now.cpuMs : 0 }
        known.set(key, seen)
      }
      const spent = (now.cpuMs - seen.cpuMs) / 1000
      seen.cpuMs = now.cpuMs
      if (spent <= 0) continue
      byKind.set(seen.kind, (byKind.get(seen.kind) ?? 0) + spent)
      total.set(seen.kind, (total.get(seen.kind) ?? 0) + spent)
    }
    if (!first) seconds.push({ at: Date.now(), byKind })
  }

  read(true)
  const timer = setInterval(() => read(false), 1000)
  return {
    stop() {
      clearInterval(timer)
      read(false)
      return { total, seconds }
    },
  }
}
