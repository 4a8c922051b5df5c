// `npm test`: every test and every static check, in one command (decision 0096).
//
// The app is built once, first, for the end-to-end stories. Then vitest runs every project
// while the type check, the lint and the format check run beside it at a lower priority: they
// take the cores the stories leave idle while Chromium and the servers wait on each other,
// instead of adding minutes after the tests. A check still running when the tests end goes back to
// the tests' priority: on a busy machine it would otherwise wait behind every other process
// (decision 0153). Their output is printed whole when each ends.
// Arguments go to vitest (`npm test -- --sequence.shuffle.files --sequence.seed=7`); with a
// file or a filter among them only vitest runs, as `npx vitest run …` would.
import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'
import { buildIfStale, root } from './lib/build.mjs'
import { ensureChromium } from './lib/chromium.mjs'
import { threadsOfTree } from './lib/cpu.mjs'

const vitestArgs = process.argv.slice(2)
const onlyVitest = vitestArgs.some((arg) => !arg.startsWith('-'))

/** The static checks: each is one command, judged by its exit code. */
const STATIC_CHECKS = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'format', command: 'npm', args: ['run', '--silent', 'format:check'] },
  { name: 'engines', command: 'npm', args: ['run', '--silent', 'check:engines'] },
]

/**
 * The static checks' processes, each with its children: below the tests while they run.
 * @type {import('node:child_process').ChildProcess[]}
 */
const checkProcesses = []

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} priority
 */
function setTreePriority(child, priority) {
  if (child.pid === undefined || child.exitCode !== null) return
  for (const thread of threadsOfTree(child.pid)) {
    try {
      setPriority(thread, priority)
    } catch {
      // Not allowed here (raising a priority takes privileges), or gone meanwhile.
    }
  }
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/**
 * @param {{ name: string, command: string, args: string[] }} check
 * @returns {Promise<{ name: string, code: number | null, ms: number }>}
 */
function runQuietly({ name, command, args }) {
  const started = performance.now()
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  // Below the tests: a story's timeouts are the ones that suffer from a busy core.
  setTreePriority(child, 10)
  checkProcesses.push(child)
  let output = ''
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()))
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()))
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const ms = performance.now() - started
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${String(code)})`
      process.stdout.write(`\n── ${name} ${verdict} in ${seconds(ms)}\n${output.trimEnd()}\n`)
      resolve({ name, code, ms })
    })
  })
}

/** @returns {Promise<{ name: string, code: number | null, ms: number }>} */
function runVitest() {
  const started = performance.now()
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
  })
  return new Promise((resolve) => {
    child.once('close', (code) => resolve({ name: 'tests', code, ms: performance.now() - started }))
  })
}

const started = performance.now()
const checks = onlyVitest ? [] : STATIC_CHECKS.map(runQuietly)
ensureChromium()
const buildStarted = performance.now()
const built = buildIfStale()
if (built.length > 0)
  process.stdout.write(
    `Built the ${built.join(' and the ')} in ${seconds(performance.now() - buildStarted)}\n`,
  )
const results = await Promise.all([
  runVitest().then((result) => {
    for (const child of checkProcesses) setTreePriority(child, 0)
    return result
  }),
  ...checks,
])

process.stdout.write(`\n${'─'.repeat(60)}\n`)
for (const { name, code, ms } of results) {
  process.stdout.write(`${name.padEnd(10)} ${code === 0 ? 'passed' : 'FAILED'}  ${seconds(ms)}\n`)
}
process.stdout.write(`${'all'.padEnd(10)}         ${seconds(performance.now() - started)}\n`)
process.exit(results.every((result) => result.code === 0) ? 0 : 1)
