// The first tap on the menu (issue 31, decision 0124), for `npm run bench:web`: an HTML-only
// copy of the page the server draws, and the time from a page load to the first "Add" tap
// being answered on a throttled CPU.
import { createServer, request } from 'node:http'

/** The template that holds the app back and the script that starts it (decision 0025). */
const APP_TEMPLATE = /<template id="app-preloads">[\s\S]*?<\/template>/
const MODULE_SCRIPT = /<script type="module"[^>]*><\/script>/g

/** The page as the server drew it, without a script: what the diner sees, nothing that runs. */
export function htmlOnly(/** @type {string} */ html) {
  const stripped = html.replace(APP_TEMPLATE, '').replace(MODULE_SCRIPT, '')
  if (stripped === html || /<script type="module"|app-preloads/.test(stripped)) {
    throw new Error('The page holds no drawn screen with its app template (decision 0025)')
  }
  return stripped
}

/**
 * A front for the app's server that passes everything through, except that `page` with
 * `?html-only` answers the HTML-only copy (same headers, CSP included). Both pages go through
 * it, so they pay the same extra hop.
 * @param {string} upstream the app server's address
 * @param {string} page
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startHtmlOnlyFront(upstream, page) {
  const target = new URL(upstream)
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front')
    const copy = url.pathname === page && url.searchParams.has('html-only')
    const headers = { ...req.headers, host: target.host }
    if (copy) {
      headers['accept-encoding'] = 'identity'
      url.searchParams.delete('html-only')
    }
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers,
      },
      (answer) => {
        if (!copy) {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          return
        }
        const chunks = /** @type {Buffer[]} */ ([])
        answer.on('data', (chunk) => chunks.push(chunk))
        answer.on('end', () => {
          const body = Buffer.from(htmlOnly(Buffer.concat(chunks).toString('utf8')))
          const headers = { ...answer.headers, 'content-length': String(body.length) }
          delete headers['transfer-encoding']
          res.writeHead(answer.statusCode ?? 502, headers)
          res.end(body)
        })
      },
    )
    forward.on('error', (error) => res.destroy(error))
    req.pipe(forward)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The front has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * In the page, from its first byte: when the "Add" button named `label` is first painted
 * (once the frame after it is in the document has been drawn), when a cart badge first is (a
 * card's count or the cart bar's), and when the first tap came. `performance.now()` counts
 * from the navigation's start.
 * @param {{ label: string }} options
 */
function watchTheTap({ label }) {
  /** @param {string} name */
  const mark = (name) => {
    if (Reflect.get(window, name) === undefined) Reflect.set(window, name, performance.now())
  }
  // A frame's callbacks run before its style, layout and paint (the drawing's first frame is
  // ~200 ms of them on a weak phone); a task queued from one runs once the frame is drawn.
  /** @param {string} name */
  const markAfterPaint = (name) => requestAnimationFrame(() => setTimeout(() => mark(name), 0))
  const shown = () =>
    [...document.querySelectorAll('button.dish-card__add')].some(
      (button) => button.getAttribute('aria-label') === label && button.getClientRects().length > 0,
    )
  const answered = () =>
    [...document.querySelectorAll('.dish-card__count, .cart-bar__count')].some(
      (badge) => badge.getClientRects().length > 0,
    )
  let addSeen = false
  let badgeSeen = false
  const observer = new MutationObserver(() => {
    if (!addSeen && shown()) {
      addSeen = true
      markAfterPaint('__addShownAt')
    }
    if (!badgeSeen && answered()) {
      badgeSeen = true
      markAfterPaint('__answeredAt')
      observer.disconnect()
    }
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  addEventListener('pointerdown', () => mark('__firstTapAt'), { capture: true, once: true })
}

/**
 * One load of `url` in a fresh context (no cart, no cache) at the phone's size with touch, the
 * CPU throttled `rate` times: taps the "Add" button named `label` as soon as it is painted,
 * and again every `retapMs` while nothing answers (a tap the page was not ready for is lost,
 * and the diner taps again). `tap: false` only waits for the button (the HTML-only copy).
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, label: string, rate: number, viewport: { width: number, height: number },
 *   tap?: boolean, retapMs?: number, timeoutMs?: number }} options
 * @returns {Promise<{ addShownAt: number, firstTapAt: number, answeredAt: number, taps: number }>}
 */
export async function loadAndTap(
  browser,
  { url, label, rate, viewport, tap = true, retapMs = 100, timeoutMs = 20_000 },
) {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    await page.addInitScript(watchTheTap, { label })
    const deadline = performance.now() + timeoutMs
    await page.goto(url, { waitUntil: 'commit' })
    /** @param {string} name */
    const read = (name) =>
      page.evaluate((key) => /** @type {number | undefined} */ (Reflect.get(window, key)), name)
    await page.waitForFunction(() => Reflect.get(window, '__addShownAt') !== undefined, null, {
      polling: 16,
      timeout: timeoutMs,
    })
    const addShownAt = Number(await read('__addShownAt'))
    if (!tap) return { addShownAt, firstTapAt: NaN, answeredAt: NaN, taps: 0 }
    let taps = 0
    for (;;) {
      if (performance.now() > deadline) throw new Error(`No answer to the tap on ${label}`)
      const box = await page.evaluate((name) => {
        const button = [...document.querySelectorAll('button.dish-card__add')].find(
          (b) => b.getAttribute('aria-label') === name && b.getClientRects().length > 0,
        )
        const rect = button?.getBoundingClientRect()
        return rect && { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
      }, label)
      if (box) {
        await page.touchscreen.tap(box.x, box.y)
        taps++
      }
      const answered = await page
        .waitForFunction(() => Reflect.get(window, '__answeredAt') !== undefined, null, {
          polling: 16,
          timeout: retapMs,
        })
        .then(
          () => true,
          () => false,
        )
      if (answered) break
    }
    return {
      addShownAt,
      firstTapAt: Number(await read('__firstTapAt')),
      answeredAt: Number(await read('__answeredAt')),
      taps,
    }
  } finally {
    await context.close()
  }
}

/**
 * The first "Add" on the menu's first screen that puts the dish in the cart at once (no
 * choices to make, no age check), found on an unthrottled load once the app runs.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, viewport: { width: number, height: number } }} options
 * @returns {Promise<string>} the button's accessible name
 */
export async function quickAddLabel(browser, { url, viewport }) {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    await page.goto(url)
    await page.locator('#root main h1').waitFor({ state: 'attached' })
    await page.locator('#first-screen').waitFor({ state: 'detached' })
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll('#root button.dish-card__add')]
        .filter((button) => {
          const rect = button.getBoundingClientRect()
          return rect.bottom > 0 && rect.bottom < innerHeight - 80
        })
        .map((button) => button.getAttribute('aria-label') ?? ''),
    )
    for (const label of labels) {
      await page.getByRole('button', { name: label, exact: true }).click()
      const badge = page.locator('.cart-bar__count')
      if (
        await badge.waitFor({ timeout: 1000 }).then(
          () => true,
          () => false,
        )
      )
        return label
      await page.goBack().catch(() => undefined)
    }
    throw new Error(`No "Add" on the first screen of ${url} puts a dish in the cart at once`)
  } finally {
    await context.close()
  }
}

/** @param {number[]} values @param {number} p 0–1 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN
}
