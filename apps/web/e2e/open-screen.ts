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
}

const traffic = new WeakMap<Page, Traffic>()

function watch(page: Page): Traffic {
  const known = traffic.get(page)
  if (known) return known
  const seen: Traffic = { open: new Set(), started: 0, quiet: [], live: new Set() }
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
    })
    socket.on('close', () => {
      seen.live.delete(connecting)
      for (const channel of asked) seen.live.delete(channel)
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
      throw new Error(`${page.url()} did not settle: ${[...seen.live].join(', ') || 'loading'}`)
    await page.waitForFunction(
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
