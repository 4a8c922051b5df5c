// CPU accounting for the benchmarks (Linux /proc): who kept the two cores busy during a run.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

export const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100
  } catch {
    return 100
  }
})()

/**
 * A process's name, its parent, the CPU milliseconds it has used, those its ended children used
 * (once it has waited for them), and when it started (which tells it from a later process that
 * reuses its id); undefined once it has gone.
 * @param {number | string} pid
 * @returns {{ comm: string, parent: number, cpuMs: number, reapedCpuMs: number, started: string } | undefined}
 */
export function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      parent: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks,
      reapedCpuMs: ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks,
      started: fields[19] ?? '',
    }
  } catch {
    return undefined
  }
}

/**
 * Every thread of a process and of the processes it started, theirs and so on: a priority is a
 * thread's own on Linux, so changing a running program's means changing each of its threads'.
 * @param {number} pid
 * @returns {number[]}
 */
export function threadsOfTree(pid) {
  /** @type {string[]} */
  let processes
  try {
    processes = readdirSync('/proc')
  } catch {
    return [pid] // no /proc (macOS): the process alone, as `setPriority` takes it
  }
  /** @type {Map<number, number[]>} */
  const children = new Map()
  for (const name of processes) {
    if (!/^\d+$/.test(name)) continue
    const parent = processStat(name)?.parent
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(name)])
  }
  const threads = []
  const pending = [pid]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    try {
      threads.push(...readdirSync(`/proc/${String(next)}/task`).map(Number))
    } catch {
      continue // gone meanwhile
    }
    pending.push(...(children.get(next) ?? []))
  }
  return threads
}

/** @param {number} pid @returns {number} CPU milliseconds the process has used */
export function processCpuMs(pid) {
  return processStat(pid)?.cpuMs ?? Number.NaN
}

/**
 * CPU milliseconds a server of processes has used: the process, its children now, and those it
 * has reaped (a PostgreSQL server's postmaster and its connections, past and present). NaN when
 * the process is not on this machine.
 * @param {number} pid
 */
export function serverTreeCpuMs(pid) {
  const own = processStat(pid)
  if (!own) return Number.NaN
  let ms = own.cpuMs + own.reapedCpuMs
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const child = processStat(entry)
    if (child?.parent === pid) ms += child.cpuMs
  }
  return ms
}

/** @returns {number} CPU milliseconds the whole machine has spent busy, all cores */
export function machineBusyMs() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    // cpu user nice system idle iowait irq softirq steal …
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number)
    return ((user + nice + system + irq + softirq) * 1000) / clockTicks
  } catch {
    return Number.NaN
  }
}
