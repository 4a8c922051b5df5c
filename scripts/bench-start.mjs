// `npm run bench:start`: time from starting the server on an existing data directory
// until /api/v1/health answers 200. Budget: 3 seconds.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale } from './lib/build.mjs'
import { startServer } from './lib/server-process.mjs'

const BUDGET_MS = 3000
const RUNS = 5

buildIfStale({ only: ['server'] })
const dataDir = mkdtempSync(join(tmpdir(), 'tableside-bench-start-'))
const first = await startServer({ dataDir })
process.stdout.write(
  `first start (creates and migrates the database): ${first.startedInMs.toFixed(0)} ms\n`,
)
await first.stop()

const times = []
for (let i = 0; i < RUNS; i++) {
  const server = await startServer({ dataDir })
  times.push(server.startedInMs)
  const code = await server.stop()
  if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`)
}
times.sort((a, b) => a - b)
const median = times[Math.floor(times.length / 2)] ?? 0
const worst = times.at(-1) ?? 0
process.stdout.write(
  `start on an existing data directory until health answers, ${RUNS} runs: ` +
    `min ${times[0]?.toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${worst.toFixed(0)} ms ` +
    `(budget ${BUDGET_MS} ms): ${worst <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}\n`,
)
process.exitCode = worst <= BUDGET_MS ? 0 : 1
