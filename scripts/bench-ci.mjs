// `npm run bench:ci`: what CI costs (issue 25). Clones the committed HEAD into a fresh directory,
// as CI does, and runs `.ci/run` there (`npm ci`, then `npm test`: every test and the static
// checks) while reading every process's CPU once a second. Prints the wall time against the
// goal, the test command's phases and count, the CPU seconds by kind of process (Chromium, the
// stories' servers, the test workers, ESLint…), how busy the cores were each half minute, the
// files that ended last, and the CPU by test file.
// `--load`: a busy loop on every core at the tests' own priority for the whole run, as a CPU
// hog would (goal 15 minutes instead of 8).
// `-- ARGS`: `npm ci` and `npm test -- ARGS` instead of `.ci/run` (`-- --maxWorkers=1` runs one
// file at a time, so each file's CPU is its own; with three at once a second's CPU is shared
// evenly among the files running in it).
// Exits 1 when the run fails; over the goal it only says so (the run's verdict is the tests').
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './lib/build.mjs'
import { startProcessSampler } from './lib/process-sampler.mjs'
import { TIMELINE } from './summary-reporter.mjs'

const GOAL_QUIET_S = 8 * 60
const GOAL_LOADED_S = 15 * 60
const SHOWN_FILES = 15

const argv = process.argv.slice(2)
const loaded = argv.includes('--load')
const dash = argv.indexOf('--')
const vitestArgs = dash === -1 ? undefined : argv.slice(dash + 1)

const clone = mkdtempSync(join(tmpdir(), 'tableside-bench-ci-'))
execFileSync('git', ['clone', '--quiet', root, clone])
const head = execFileSync('git', ['-C', clone, 'log', '--oneline', '-1'], { encoding: 'utf8' })
process.stdout.write(`clean clone of ${head.trim()}${loaded ? ', every core loaded' : ''}\n`)

/** @param {string} command @param {string[]} args @returns {Promise<{ code: number | null, output: string }>} */
function run(command, args) {
  const child = spawn(command, args, { cwd: clone, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()))
  }
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

const hogs = loaded
  ? Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}', 'cpu-hog'], { stdio: 'ignore' }),
    )
  : []
const sampler = startProcessSampler({ exclude: [process.pid] })
const started = Date.now()
let result
if (vitestArgs) {
  result = await run('npm', ['ci', '--no-audit', '--no-fund'])
  if (result.code === 0) {
    const tests = await run('npm', ['test', '--', ...vitestArgs])
    result = { code: tests.code, output: `${result.output}${tests.output}` }
  }
} else {
  result = await run('./.ci/run', [])
}
const wallS = (Date.now() - started) / 1000
const { total, seconds } = sampler.stop()
for (const hog of hogs) hog.kill('SIGKILL')

/** @param {number} s */
const minutes = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`
const goal = loaded ? GOAL_LOADED_S : GOAL_QUIET_S
const cpuS = [...total.values()].reduce((sum, s) => sum + s, 0)

process.stdout.write(
  `\nwall ${minutes(wallS)} (${wallS.toFixed(0)} s), goal ${minutes(goal)}: ${wallS <= goal ? 'within' : 'OVER'}\n`,
)
process.stdout.write(
  `CPU ${cpuS.toFixed(0)} s, ${(cpuS / wallS).toFixed(2)} of ${String(availableParallelism())} cores on average\n`,
)
// The test command's own summary: each phase's time, the count, and what the lint and the format
// check took from their caches.
const summary = result.output.split('\n').filter((line) => {
  return (
    /^(tests|typecheck|lint|format|engines|all) +(passed|FAILED)? /.test(line) ||
    /^tests: \d+ passed/.test(line) ||
    // How many files the lint and the format check read, and how many they remembered passing
    // (decisions 0155, 0157).
    /^(ESLint|Prettier): \d+ files/.test(line) ||
    /^Built the /.test(line)
  )
})
process.stdout.write(`\n${summary.join('\n')}\n`)

process.stdout.write('\nCPU seconds by kind of process:\n')
for (const [kind, s] of [...total].sort((a, b) => b[1] - a[1])) {
  if (s >= 1) process.stdout.write(`${s.toFixed(0).padStart(7)}  ${kind}\n`)
}

// How busy the cores were, half a minute at a time (the hog left out): where a run waits on one
// slow file, or on a setup, the cores idle and the wall time grows past the CPU's share.
process.stdout.write(`\nCores busy by half minute (of ${String(availableParallelism())}):\n`)
const HALF_MINUTE_S = 30
/** @type {number[]} */
const busy = []
for (const { at, byKind } of seconds) {
  // A reading is the CPU of the second before it: counted in the slot of that second's middle.
  const slot = Math.floor(((at - started) / 1000 - 0.5) / HALF_MINUTE_S)
  let spent = 0
  for (const [kind, s] of byKind) if (!kind.includes('hog')) spent += s
  busy[slot] = (busy[slot] ?? 0) + spent
}
// The run's last slot is shorter than half a minute: its CPU over its own length.
const readFor = ((seconds.at(-1)?.at ?? started) - started) / 1000
const slotLength = (/** @type {number} */ slot) =>
  Math.max(1, Math.min(HALF_MINUTE_S, readFor - slot * HALF_MINUTE_S))
process.stdout.write(
  `${Array.from(busy, (s = 0, slot) => `${minutes(slot * HALF_MINUTE_S).padStart(5)} ${(s / slotLength(slot)).toFixed(2)}`).join('\n')}\n`,
)

// Each second's CPU, but the hog's and the databases', shared among the files running in it.
const timelinePath = join(clone, TIMELINE)
if (existsSync(timelinePath)) {
  /** @type {{ startedAt: number, files: { file: string, queued: number, ended: number }[] }} */
  const { startedAt, files } = JSON.parse(readFileSync(timelinePath, 'utf8'))
  const spans = files.map(({ file, queued, ended }) => ({
    file,
    from: startedAt + queued * 1000,
    to: startedAt + ended * 1000,
    cpu: 0,
  }))
  for (const { at, byKind } of seconds) {
    const middle = at - 500
    const running = spans.filter((span) => span.from <= middle && middle < span.to)
    if (running.length === 0) continue
    let spent = 0
    for (const [kind, s] of byKind) {
      if (!/hog|postgresql|redis|eslint|prettier|tsc|dpdm|npm/.test(kind)) spent += s
    }
    for (const span of running) span.cpu += spent / running.length
  }
  // The run's tail: the files that ended last, and when each was taken up.
  const last = [...files].sort((a, b) => b.ended - a.ended).slice(0, 5)
  process.stdout.write('\nThe last files to end (taken up → ended, seconds into the tests):\n')
  for (const { file, queued, ended } of last) {
    process.stdout.write(
      `${queued.toFixed(0).padStart(5)} → ${ended.toFixed(0).padStart(4)}  ${file}\n`,
    )
  }
  spans.sort((a, b) => b.cpu - a.cpu)
  process.stdout.write(`\nCPU seconds by test file (the ${String(SHOWN_FILES)} dearest):\n`)
  for (const { file, cpu, from, to } of spans.slice(0, SHOWN_FILES)) {
    const wall = ((to - from) / 1000).toFixed(0)
    process.stdout.write(
      `${cpu.toFixed(0).padStart(7)}  ${file} (${wall} s from queued to ended)\n`,
    )
  }
}

if (result.code === 0) rmSync(clone, { recursive: true, force: true })
else
  process.stdout.write(
    `\nThe run FAILED (exit ${String(result.code)}); its clone is kept at ${clone}\n${result.output.slice(-4000)}\n`,
  )
process.exit(result.code === 0 ? 0 : 1)
