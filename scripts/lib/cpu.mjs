// CPU accounting for the benchmarks (Linux /proc): who kept the two cores busy during a run.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100
  } catch {
    return 100
  }
})()

/**
 * A process's name, the CPU milliseconds it has used, and when it started (which tells it from a
 * later process that reuses its id); undefined once it has gone.
 * @param {number | string} pid
 * @returns {{ comm: string, cpuMs: number, started: string } | undefined}
 */
export function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks,
      started: fields[19] ?? '',
    }
  } catch {
    return undefined
  }
}

/** @param {number} pid @returns {number} CPU milliseconds the process has used */
export function processCpuMs(pid) {
  return processStat(pid)?.cpuMs ?? Number.NaN
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
