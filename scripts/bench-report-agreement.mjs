// `npm run bench:report-agreement`: the day report's agreement check (issue 28) over
// BENCH_AGREEMENT_ORDERS (10,000) generated orders of one day with cash, online payments, points,
// tips, cancels and refunds, on the PostgreSQL of TEST_DATABASE_URL (a scratch database per run,
// as the server tests make): the report's numbers (the API), its CSV and the generator's ledger
// of the orders must agree for the day, each day either side of its midnights and the three
// together. Runs the agreement test (apps/server/src/features/reports/report-agreement.test.ts)
// with that many orders and prints what it measured; exits 1 when anything disagrees.
import { spawn } from 'node:child_process'

const env = process.env
const ORDERS = Number(env.BENCH_AGREEMENT_ORDERS ?? 10_000)
if (!env.TEST_DATABASE_URL) {
  console.error('bench:report-agreement needs a PostgreSQL server: set TEST_DATABASE_URL.')
  process.exit(1)
}

const child = spawn(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    'apps/server/src/features/reports/report-agreement.test.ts',
    '-t',
    'PostgreSQL',
  ],
  {
    env: { ...env, AGREEMENT_ORDERS: String(ORDERS), NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
let output = ''
child.stdout.on('data', (chunk) => {
  output += String(chunk)
})
child.on('close', (code) => {
  const plain = output
  for (const line of plain.split('\n')) {
    if (line.startsWith('report agreement') || /Tests\s/.test(line)) console.log(line.trim())
  }
  if (code !== 0) console.log(plain.slice(-4000))
  process.exit(code ?? 1)
})
