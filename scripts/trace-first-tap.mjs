// `node scripts/trace-first-tap.mjs`: where the menu's main thread goes on a weak phone (issue
// 31, decision 0144). Loads /rest/demo/menu as `bench:web`'s tap measure does (a fresh context at
// the phone's size, CPU throttled 4×, the first one-tap "Add" tapped once painted), TRACE_LOADS
// (3) times, each with a Chromium performance trace, written to TRACE_DIR (a new temporary
// folder; open one in Chromium's DevTools, Performance → Load profile). Prints, per load, the
// main thread's tasks of TRACE_MIN_MS (50) or more with what took their time, and when the page
// painted and the tap came.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale, root } from './lib/build.mjs'
import { ensureChromium, launchChromium, PHONE } from './lib/chromium.mjs'
import { loadAndTap, quickAddLabel } from './lib/first-tap.mjs'
import { startServer } from './lib/server-process.mjs'

const PAGE = '/rest/demo/menu'
const LOADS = Number(process.env.TRACE_LOADS ?? 3)
const MIN_MS = Number(process.env.TRACE_MIN_MS ?? 50)
const dir = process.env.TRACE_DIR ?? mkdtempSync(join(tmpdir(), 'tableside-trace-'))
mkdirSync(dir, { recursive: true })

/** What the trace's main-thread events are called where they take time. */
const PARTS = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'FireAnimationFrame',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'v8.compileModule',
  'v8.compile',
])

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number,
 *   args?: { data?: Record<string, any> } }} TraceEvent
 */

/** @param {string} file */
function summary(file) {
  /** @type {{ traceEvents: TraceEvent[] }} */
  const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8'))
  const start = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      String(e.args.data.documentLoaderURL).includes(PAGE),
  )
  if (!start) return ['  (no navigation of the page in the trace)']
  const main = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X')
  const at = (/** @type {number} */ ts) => `${((ts - start.ts) / 1000).toFixed(0).padStart(6)} ms`
  const lines = []
  for (const task of main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= MIN_MS * 1000)) {
    const end = task.ts + (task.dur ?? 0)
    const parts = main.filter(
      (e) => PARTS.has(e.name) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
    )
    // The outermost of each: a function call inside a timer is the timer's time.
    const outer = parts.filter(
      (p) =>
        !parts.some((q) => q !== p && q.ts <= p.ts && q.ts + (q.dur ?? 0) >= p.ts + (p.dur ?? 0)),
    )
    /** @type {Map<string, number>} */
    const by = new Map()
    for (const part of outer) {
      const data = part.args?.data ?? {}
      const url = String(data.url ?? data.stackTrace?.[0]?.url ?? '').replace(/.*\//, '')
      const name = [part.name, data.type, url].filter(Boolean).join(' ')
      by.set(name, (by.get(name) ?? 0) + (part.dur ?? 0) / 1000)
    }
    const top = [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join('; ')
    lines.push(
      `  ${at(task.ts)} task ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms: ${top}`,
    )
  }
  for (const e of events) {
    if (e.pid !== start.pid || e.tid !== start.tid) continue
    if (e.name === 'firstContentfulPaint') lines.push(`  ${at(e.ts)} first paint`)
    const type = e.name === 'EventDispatch' ? e.args?.data?.type : undefined
    if (type === 'pointerdown' || type === 'click') lines.push(`  ${at(e.ts)} ${type}`)
  }
  return lines.sort((a, b) => parseFloat(a) - parseFloat(b))
}

buildIfStale()
ensureChromium()
const webDist = mkdtempSync(join(tmpdir(), 'tableside-trace-web-'))
cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true })
const server = await startServer({ env: { WEB_DIST: webDist }, timeoutMs: 120_000 })
const browser = await launchChromium()
try {
  const url = `${server.url}${PAGE}`
  const label = await quickAddLabel(browser, { url, viewport: PHONE })
  for (let n = 1; n <= LOADS; n++) {
    const file = join(dir, `first-tap-${n}.json`)
    await browser.startTracing(undefined, {
      path: file,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    })
    const result = await loadAndTap(browser, { url, label, rate: 4, viewport: PHONE })
    await browser.stopTracing()
    process.stdout.write(
      `load ${n} (${file}): "Add" painted ${result.addShownAt.toFixed(0)} ms, first tap ` +
        `${result.firstTapAt.toFixed(0)} ms, answered ${result.answeredAt.toFixed(0)} ms, ` +
        `${result.taps} tap(s)\n${summary(file).join('\n')}\n`,
    )
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(server.dataDir, { recursive: true, force: true })
  rmSync(webDist, { recursive: true, force: true })
}
