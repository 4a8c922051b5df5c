// Prints the plain closing line 'N passed, N failed, N skipped' that CI reads, and the slowest
// files; writes each file's place on the run's timeline to `node_modules/.cache/test-timeline.json`
// (`files`: queued and ended, in seconds from the run's start; `startedAt`: that start, in ms since
// the epoch) to see what holds the run up; `npm run bench:ci` lays the run's CPU over it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'

export const TIMELINE = 'node_modules/.cache/test-timeline.json'

export default class SummaryReporter {
  started = performance.now()
  startedAt = Date.now()
  /** @type {Map<string, number>} */
  queued = new Map()
  /** @type {Map<string, number>} */
  ended = new Map()

  /** @param {import('vitest/node').TestModule} module */
  onTestModuleQueued(module) {
    this.queued.set(module.moduleId, performance.now() - this.started)
  }

  /** @param {import('vitest/node').TestModule} module */
  onTestModuleEnd(module) {
    this.ended.set(module.moduleId, performance.now() - this.started)
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    let passed = 0
    let failed = 0
    let skipped = 0
    /** @type {{ file: string, project: string, queued: number, ended: number, seconds: number }[]} */
    const files = []
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      const queued = this.queued.get(module.moduleId) ?? 0
      const ended = this.ended.get(module.moduleId) ?? queued
      files.push({
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        queued: Math.round(queued) / 1000,
        ended: Math.round(ended) / 1000,
        seconds: Math.round(ended - queued) / 1000,
      })
    }
    files.sort((a, b) => b.seconds - a.seconds)
    try {
      mkdirSync('node_modules/.cache', { recursive: true })
      writeFileSync(TIMELINE, `${JSON.stringify({ startedAt: this.startedAt, files }, null, 1)}\n`)
    } catch {
      // Only a record for a person looking into the run's time: the run's verdict stands.
    }
    if (files.length > 1) {
      process.stdout.write('\nslowest files (queued → ended, seconds):\n')
      for (const { file, seconds } of files.slice(0, 10))
        process.stdout.write(`${seconds.toFixed(1).padStart(7)}  ${file}\n`)
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
