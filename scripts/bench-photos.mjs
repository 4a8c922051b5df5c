// `npm run bench:photos`: what an uploaded photo costs and whom it slows (issue 27, decision 0110).
//  1. The photo worker as built (apps/server/dist/photo-worker.js), one job after another:
//     the largest photos it accepts, BENCH_PHOTOS_RUNS (5) times each: a 25-megapixel
//     photo-like JPEG (blurred noise, ~4 MB), the worst-case PNGs of 25 megapixels (one colour:
//     ~100 KB; and 16-bit RGBA, interlaced), and a 49-megapixel PNG refused from its header.
//     Reports each one's time (median, max) and peak memory (a worker of its own for each).
//  2. The built server (embedded PGlite): the demo waiter Анна signs in BENCH_PHOTOS_SIGNINS
//     (50) times quiet, then as many times while the demo's manager keeps three uploads of the
//     25-megapixel JPEG going. Reports her sign-in time (p50/p99, max) in both phases and the
//     uploads' answers and times.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import { buildIfStale } from './lib/build.mjs'
import { fmtMs, latencySummary, RESTAURANT, say } from './lib/order-traffic.mjs'
import { PHOTO_WIDTHS, startPhotoWorker } from './lib/photo-worker.mjs'
import { demoManagerHeaders } from './lib/pusher-client.mjs'
import { startServer } from './lib/server-process.mjs'

const env = process.env
const RUNS = Number(env.BENCH_PHOTOS_RUNS ?? 5)
const SIGNINS = Number(env.BENCH_PHOTOS_SIGNINS ?? 50)
const UPLOADERS = 3
/** The cap (`MAX_PHOTO_PIXELS` in apps/server/src/features/menu/menu-photos.ts). */
const MAX_PIXELS = 25_000_000

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

async function photos() {
  const noise = { type: /** @type {const} */ ('gaussian'), mean: 128, sigma: 60 }
  return [
    {
      label: 'JPEG 6000×4166 (25.0 MP), photo-like',
      bytes: await sharp({
        create: { width: 6000, height: 4166, channels: 3, background: '#808080', noise },
      })
        .blur(2)
        .jpeg({ quality: 90 })
        .toBuffer(),
    },
    {
      label: 'PNG 5000×5000 (25.0 MP), one colour',
      bytes: await sharp({
        create: { width: 5000, height: 5000, channels: 3, background: '#c08040' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    },
    {
      label: 'PNG 5000×5000 (25.0 MP), one colour, 16-bit RGBA, interlaced',
      bytes: await sharp({
        create: { width: 5000, height: 5000, channels: 4, background: '#c08040' },
      })
        .toColourspace('rgb16')
        .png({ compressionLevel: 9, progressive: true })
        .toBuffer(),
    },
    {
      label: 'PNG 7000×7000 (49 MP), one colour: refused',
      bytes: await sharp({
        create: { width: 7000, height: 7000, channels: 3, background: '#c08040' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    },
  ]
}

/** The worker's peak resident memory so far, from the operating system. @param {number} pid */
function peakMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)
  return Number(line?.[1] ?? 0) / 1024
}

/** A worker of its own for each photo, so its peak memory is that photo's. */
function startWorker() {
  const worker = startPhotoWorker()
  /** @param {Buffer} bytes */
  const run = (bytes) => worker.run({ bytes, maxPixels: MAX_PIXELS, widths: PHOTO_WIDTHS })
  return { run, peakMb: () => peakMb(worker.pid()), stop: worker.stop }
}

async function workerPhase() {
  say('1. The photo worker alone, one photo after another (what an upload waits for)')
  for (const { label, bytes } of await photos()) {
    const worker = startWorker()
    try {
      /** @type {number[]} */
      const times = []
      let outcome = ''
      for (let n = 0; n < RUNS; n++) {
        const started = performance.now()
        outcome = (await worker.run(bytes)).outcome
        times.push(performance.now() - started)
      }
      say(
        `  ${label}, ${(bytes.length / 1024).toFixed(0)} KB: ${outcome}  ` +
          `median ${fmtMs(median(times))}  max ${fmtMs(Math.max(...times))}  ` +
          `peak memory ${worker.peakMb().toFixed(0)} MB`,
      )
    } finally {
      worker.stop()
    }
  }
}

/**
 * Анна signs in on her phone: with the device cookie her first sign-in left, as staff do
 * (decision 0108), so the sign-in limits for unknown places are not what is measured.
 * @param {string} url @param {string | undefined} cookie
 */
async function signIn(url, cookie) {
  const started = performance.now()
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ restaurantId: RESTAURANT, login: 'anna', pin: '1111' }),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`Анна's sign-in: ${response.status}`)
  const issued = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('tableside_device='))
  return { ms: performance.now() - started, cookie: issued ?? cookie }
}

/** @param {string} label @param {number[]} times */
function report(label, times) {
  const s = latencySummary(times)
  say(
    `  ${label}: ${s.count} sign-ins  p50 ${fmtMs(s.p50)}  p99 ${fmtMs(s.p99)}  max ${fmtMs(s.max)}`,
  )
}

async function serverPhase() {
  const server = await startServer()
  try {
    say('')
    say(
      `2. The built server: Анна's PIN sign-in quiet, then while the demo's manager keeps ` +
        `${UPLOADERS} uploads of the 25 MP JPEG going`,
    )
    const api = `${server.url}/api/v1`
    const url = `${api}/auth/garcon/login`
    const manager = await demoManagerHeaders(api, RESTAURANT)
    const [jpeg] = await photos()
    const phone = (await signIn(url, undefined)).cookie
    /** @type {number[]} */
    const quiet = []
    for (let n = 0; n < SIGNINS; n++) quiet.push((await signIn(url, phone)).ms)

    let uploading = true
    /** @type {Map<number, number>} */
    const answers = new Map()
    /** @type {number[]} */
    const uploadTimes = []
    const uploads = Array.from({ length: UPLOADERS }, async () => {
      while (uploading) {
        const started = performance.now()
        const response = await fetch(`${api}/admin/menu/photos`, {
          method: 'POST',
          headers: { ...manager, 'content-type': 'image/jpeg' },
          body: jpeg?.bytes,
        })
        await response.arrayBuffer()
        uploadTimes.push(performance.now() - started)
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1)
      }
    })
    // The first upload has started its worker before the sign-ins are timed.
    await new Promise((resolve) => setTimeout(resolve, 500))
    /** @type {number[]} */
    const busy = []
    for (let n = 0; n < SIGNINS; n++) busy.push((await signIn(url, phone)).ms)
    uploading = false
    await Promise.all(uploads)

    report('quiet          ', quiet)
    report('while uploading', busy)
    const byStatus = [...answers.entries()].map(([status, n]) => `${status} ×${n}`).join(', ')
    say(
      `  uploads: ${byStatus}; each answered in median ${fmtMs(median(uploadTimes))}, ` +
        `max ${fmtMs(Math.max(...uploadTimes))} (one restaurant's photos take turns)`,
    )
  } finally {
    await server.stop()
  }
}

buildIfStale()
await workerPhase()
await serverPhase()
