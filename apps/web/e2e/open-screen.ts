import type { Page, Request, Response } from 'playwright-core'

/**
 * What the app shows while a screen's code or data is on its way: the page's and the cards'
 * skeletons, and the bar of a navigation that is loading.
 */
const LOADING = '[class*="skeleton"], .page-loading, .nav-progress'

/** How long a screen may take to settle before the story fails saying so. */
const SETTLE_TIMEOUT_MS = 30_000

/**
 * The page's requests still open, and how many it has started: a screen has settled when
 * nothing is open and nothing new started while the browser went idle (decision 0145).
 */
interface Traffic {
  open: Set<Request>
  started: number
  quiet: (() => void)[]
  /** pusher-js connections not yet established, and channels asked for and not yet answered. */
  live: Set<string>
  /** Channels the hub has said the page is subscribed to, on its connection open now. */
  subscribed: Set<string>
  /** The page's last console messages and uncaught errors, named when a screen does not settle. */
  said: string[]
}

/** How many of the page's last console messages a screen that does not settle names. */
const SAID_KEPT = 10

const traffic = new WeakMap<Page, Traffic>()

function watch(page: Page): Traffic {
  const known = traffic.get(page)
  if (known) return known
  const seen: Traffic = {
    open: new Set(),
    started: 0,
    quiet: [],
    live: new Set(),
    subscribed: new Set(),
    said: [],
  }
  const say = (text: string) => {
    seen.said.push(text)
    if (seen.said.length > SAID_KEPT) seen.said.shift()
  }
  page.on('console', (message) => say(`${message.type()}: ${message.text()}`))
  page.on('pageerror', (error) => say(`uncaught: ${String(error)}`))
  const settle = (request: Request) => {
    seen.open.delete(request)
    if (seen.open.size > 0) return
    for (const resolve of seen.quiet.splice(0)) resolve()
  }
  page.on('request', (request) => {
    // A new document in the page: the old one's requests end with it, and Playwright does not
    // always report them finished or failed (a reload left a script and pusher's calls open).
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      seen.open.clear()
      seen.live.clear()
      seen.subscribed.clear()
    }
    seen.open.add(request)
    seen.started += 1
  })
  // The realtime connection and the channels pusher-js asked for that have no answer yet: named
  // when a screen does not settle (they do not hold it; see screenSettled).
  page.on('websocket', (socket) => {
    const connecting = `connect ${socket.url()}`
    const asked = new Set<string>()
    seen.live.add(connecting)
    seen.started += 1
    socket.on('framesent', ({ payload }) => {
      const frame = parseFrame(payload)
      if (frame?.event === 'pusher:subscribe' && frame.channel) {
        seen.live.add(frame.channel)
        asked.add(frame.channel)
        seen.started += 1
      }
    })
    socket.on('framereceived', ({ payload }) => {
      const frame = parseFrame(payload)
      if (frame?.event === 'pusher:connection_established') seen.live.delete(connecting)
      if (
        frame?.channel &&
        (frame.event === 'pusher_internal:subscription_succeeded' ||
          frame.event === 'pusher:subscription_error')
      )
        seen.live.delete(frame.channel)
      if (frame?.channel && frame.event === 'pusher_internal:subscription_succeeded')
        seen.subscribed.add(frame.channel)
    })
    socket.on('close', () => {
      seen.live.delete(connecting)
      for (const channel of asked) {
        seen.live.delete(channel)
        seen.subscribed.delete(channel)
      }
    })
  })
  page.on('requestfinished', settle)
  page.on('requestfailed', settle)
  // A page that is closed or navigated away finishes nothing more.
  page.on('close', () => {
    seen.open.clear()
    for (const resolve of seen.quiet.splice(0)) resolve()
  })
  traffic.set(page, seen)
  return seen
}

/** A pusher protocol frame's event and channel (`data` is a string inside the JSON). */
function parseFrame(payload: string | Buffer): { event?: string; channel?: string } | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined
  try {
    const frame = JSON.parse(payload) as { event?: unknown; channel?: unknown; data?: unknown }
    let channel = typeof frame.channel === 'string' ? frame.channel : undefined
    if (!channel && frame.data && typeof frame.data === 'object' && 'channel' in frame.data) {
      const inner = frame.data.channel
      if (typeof inner === 'string') channel = inner
    }
    return { event: typeof frame.event === 'string' ? frame.event : undefined, channel }
  } catch {
    return undefined
  }
}

/**
 * Why a screen has not settled, for the story's failure: the document's state, whether the app
 * has drawn its screen, what is still shown as loading, the requests and realtime channels open.
 */
async function whatIsShown(page: Page, seen: Traffic): Promise<string> {
  const shown = await page
    .evaluate((loading) => {
      const root = document.getElementById('root')
      const loaders = Array.from(
        document.querySelectorAll(loading),
        (element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`,
      )
      return [
        `document ${document.readyState}`,
        root ? `root has ${root.childElementCount} children` : 'no root',
        document.getElementById('first-screen') ? "the server's first screen still shown" : '',
        loaders.length > 0 ? `loading: ${loaders.slice(0, 5).join(' ')}` : '',
        `visibility ${document.visibilityState}`,
      ]
        .filter(Boolean)
        .join('; ')
    }, LOADING)
    .catch((error: unknown) => `the page could not be read (${String(error)})`)
  const open = [...seen.open].map((request) => request.url())
  return [
    shown,
    open.length > 0 ? `requests open: ${open.join(', ')}` : '',
    seen.live.size > 0 ? `realtime waiting: ${[...seen.live].join(', ')}` : '',
    seen.said.length > 0 ? `the console said: ${seen.said.join(' | ')}` : '',
  ]
    .filter(Boolean)
    .join('; ')
}

function noneOpen(seen: Traffic): Promise<void> {
  if (seen.open.size === 0) return Promise.resolve()
  return new Promise((resolve) => seen.quiet.push(resolve))
}

/**
 * Waits until the screen is really there: the document loaded, the app's own screen drawn (the
 * server's drawing of the menu replaced), no skeleton or loading bar shown, no request open, and
 * none started while the browser went idle and drew two frames after that: the app's work
 * "after the first screen" (the contracts' checks, the realtime client's code) runs in that idle
 * time, and what it fetches is waited for in the next round. Replaces Playwright's
 * `networkidle`, which waits 500 ms of silence after every load (decision 0145).
 */
export async function screenSettled(page: Page): Promise<void> {
  const seen = watch(page)
  const deadline = performance.now() + SETTLE_TIMEOUT_MS
  const left = () => Math.max(1, deadline - performance.now())
  for (;;) {
    if (performance.now() > deadline)
      throw new Error(`${page.url()} did not settle: ${await whatIsShown(page, seen)}`)
    await page
      .waitForFunction(
        (loading) => {
          if (document.readyState !== 'complete') return false
          const root = document.getElementById('root')
          const drawn =
            !root || (root.childElementCount > 0 && !document.getElementById('first-screen'))
          return drawn && !document.querySelector(loading)
        },
        LOADING,
        { polling: 'raf', timeout: left() },
      )
      .catch(async (error: unknown) => {
        throw new Error(`${page.url()} did not settle: ${await whatIsShown(page, seen)}`, {
          cause: error,
        })
      })
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      noneOpen(seen),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const open = [...seen.open].map((request) => request.url()).join(', ')
          reject(new Error(`${page.url()} still has requests open: ${open}`))
        }, left())
      }),
    ]).finally(() => clearTimeout(timer))
    const started = seen.started
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const twoFrames = () =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
          if ('requestIdleCallback' in window) requestIdleCallback(twoFrames, { timeout: 1000 })
          else twoFrames()
        }),
    )
    // A realtime channel still unanswered does not hold the screen: a subscription whose
    // authorisation failed gets no frame at all, and `networkidle` never waited for sockets
    // either (CI: /garcon with nobody signed in waited 30 s on its table's channel). It is named
    // when the screen does not settle for another reason.
    if (seen.started === started && seen.open.size === 0) {
      const loading = await page.evaluate(
        (selector) => document.querySelector(selector) !== null,
        LOADING,
      )
      if (!loading) return
    }
  }
}

/** Opens `url` and waits until its screen is really there (see `screenSettled`). */
export async function openScreen(page: Page, url: string): Promise<Response | null> {
  watch(page)
  const response = await page.goto(url, { waitUntil: 'load' })
  await screenSettled(page)
  return response
}

/** Reloads the page and waits until its screen is really there (see `screenSettled`). */
export async function reloadScreen(page: Page): Promise<Response | null> {
  watch(page)
  const response = await page.reload({ waitUntil: 'load' })
  await screenSettled(page)
  return response
}

/**
 * Waits until the hub has told the page's realtime connection that it is subscribed to
 * `channel` (`restaurant.demo`): an event published after that reaches the page. The page must
 * have been opened with `openScreen` (or `reloadScreen`), so that its socket was watched from
 * the start.
 */
export async function realtimeSubscribed(page: Page, channel: string): Promise<void> {
  const seen = traffic.get(page)
  if (!seen) throw new Error('realtimeSubscribed: open the page with openScreen first')
  const deadline = performance.now() + SETTLE_TIMEOUT_MS
  while (!seen.subscribed.has(channel)) {
    if (performance.now() > deadline)
      throw new Error(
        `${page.url()} never subscribed to ${channel}: ${await whatIsShown(page, seen)}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
