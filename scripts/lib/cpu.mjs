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

/** @param {number} pid @returns {number} CPU milliseconds the process has used */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
  } catch {
    return Number.NaN
  }
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
