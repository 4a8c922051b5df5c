// `npm run bench:web`: loads /rest/demo/menu in Chromium and measures the JavaScript the
// page loads first: every script requested before the menu screen appeared (its <h1> in
// the DOM), gzip-compressed. Scripts requested later (live updates connect when the
// browser is idle) are listed apart. Budget: 125 KB.
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
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return
      Reflect.set(window, '__screenShownAt', performance.now())
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  /** @type {Map<string, Buffer>} */
  const scripts = new Map()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    void response.body().then(
      (body) => scripts.set(new URL(response.url()).pathname, body),
      () => undefined, // still loading when the browser closed: not first-load
    )
  })
  await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle' })
  /** @type {{ shownAt: number, started: Record<string, number> }} */
  const timing = await page.evaluate(() => ({
    shownAt: Number(Reflect.get(window, '__screenShownAt')),
    started: Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .map((entry) => [new URL(entry.name).pathname, entry.startTime]),
    ),
  }))
  if (!Number.isFinite(timing.shownAt)) throw new Error(`${PAGE} never showed its screen`)
  const deferred = [...scripts.keys()].filter(
    (path) => (timing.started[path] ?? 0) > timing.shownAt,
  )
  for (const path of deferred) scripts.delete(path)

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
  process.stdout.write(`loaded after the screen appeared: ${deferred.join(', ') || 'nothing'}\n`)
  process.stdout.write(
    `total: ${kb(gzipTotal)} gzip (${kb(brotliTotal)} brotli, ${kb(rawTotal)} raw); ` +
      `budget ${kb(BUDGET_BYTES)} gzip: ${gzipTotal <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}\n`,
  )
  process.exitCode = gzipTotal <= BUDGET_BYTES ? 0 : 1
} finally {
  await browser.close()
  await server.stop()
}
