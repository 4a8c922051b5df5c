// `npm run bench:web`: loads /rest/demo/menu in Chromium and measures the JavaScript the
// page loads first (every script until the network is idle), gzip-compressed.
// Budget: 125 KB.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { buildIfStale } from './lib/build.mjs'
import { ensureChromium, launchChromium, PHONE } from './lib/chromium.mjs'
import { startServer } from './lib/server-process.mjs'

const BUDGET_BYTES = 125 * 1024
const PAGE = '/rest/demo/menu'

buildIfStale()
ensureChromium()
const server = await startServer()
const browser = await launchChromium()
try {
  const page = await browser.newPage({ viewport: PHONE })
  /** @type {Map<string, Buffer>} */
  const scripts = new Map()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    void response.body().then((body) => scripts.set(new URL(response.url()).pathname, body))
  })
  await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle' })

  let gzipTotal = 0
  let brotliTotal = 0
  let rawTotal = 0
  const rows = []
  for (const [path, body] of [...scripts].sort((a, b) => b[1].length - a[1].length)) {
    const gz = gzipSync(body, { level: 9 }).length
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length
    gzipTotal += gz
    brotliTotal += br
    rawTotal += body.length
    rows.push(
      `  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip  ${(body.length / 1024).toFixed(1).padStart(7)} KB raw  ${path}`,
    )
  }
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`
  process.stdout.write(
    `JavaScript loaded first by ${PAGE} (${scripts.size} files):\n${rows.join('\n')}\n`,
  )
  process.stdout.write(
    `total: ${kb(gzipTotal)} gzip (${kb(brotliTotal)} brotli, ${kb(rawTotal)} raw); ` +
      `budget ${kb(BUDGET_BYTES)} gzip: ${gzipTotal <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}\n`,
  )
  process.exitCode = gzipTotal <= BUDGET_BYTES ? 0 : 1
} finally {
  await browser.close()
  await server.stop()
}
