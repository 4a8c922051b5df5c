import { readdirSync, readFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { uploadedPhoto } from '@tableside/contracts/menu-admin'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { addManager, signInAsManager } from '../../test/test-restaurants'
import { createTestRestaurant } from './test-menu-file'
import { MAX_PHOTO_PIXELS } from './menu-photos'

/** This process's children that run the photo worker, read from the operating system. */
function photoWorkers(): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (parent === process.pid && command.includes('photo-worker')) pids.push(Number(entry))
    } catch {
      // Gone while we looked.
    }
  }
  return pids
}

/** A process's CPU time so far, in the kernel's clock ticks (utime + stime of `/proc/PID/stat`). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

/**
 * Uploads cost seconds of decoding; none of it may slow a waiter's sign-in, and one restaurant's
 * photos must not crowd out the rest (issue 27, decision 0110).
 */
describe.each(testDatabaseKinds)('Photo work beside sign-ins, on $name', (kind) => {
  let t: TestApp
  let tokens: Record<'demo' | 'bistro', string>
  /** A 25-megapixel photo-like JPEG: noise, blurred (about 3 MB). */
  let photo: Buffer

  beforeAll(async () => {
    t = await createTestApp(kind)
    await createTestRestaurant(t.database.db, 'bistro')
    await addManager(t, 'bistro', 'boss', 'bistro-password-1')
    tokens = {
      demo: (await signInAsManager(t.app)).token,
      bistro: (await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password-1')).token,
    }
    photo = await sharp({
      create: {
        width: 6_000,
        height: 4_000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .blur(2)
      .jpeg({ quality: 90 })
      .toBuffer()
  })
  afterAll(async () => {
    await t.close()
  })

  let address = 0
  const upload = (restaurant: 'demo' | 'bistro', bytes: Buffer, type = 'image/jpeg') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/menu/photos',
      headers: { [MANAGER_TOKEN_HEADER]: tokens[restaurant], 'content-type': type },
      payload: bytes,
      remoteAddress: `10.27.0.${String(++address % 250)}`,
    })
  /** A one-colour PNG: a few hundred KB however many pixels it has. */
  const plainPng = (width: number, height: number, background = '#203040') =>
    sharp({ create: { width, height, channels: 3, background } })
      .png({ compressionLevel: 9 })
      .toBuffer()
  /** Анна's PIN sign-in, from an address of its own: how long it took. */
  const signInTook = async () => {
    const started = performance.now()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/garcon/login',
      payload: { restaurantId: 'demo', login: 'anna', pin: '1111' },
      remoteAddress: `10.28.0.${String(++address % 250)}`,
    })
    expect(response.statusCode).toBe(200)
    return performance.now() - started
  }

  it('hashes a waiter’s PIN on threads no photo ever uses, so her sign-in does not wait', async () => {
    // Two restaurants' managers send the largest photos they may, three each, at once.
    const sent = performance.now()
    let firstPhotoTook = Infinity
    const uploads = (['demo', 'bistro', 'demo', 'bistro', 'demo', 'bistro'] as const).map((r) =>
      upload(r, photo),
    )
    let finished = 0
    for (const answer of uploads) {
      void answer.then(() => {
        if (finished++ === 0) firstPhotoTook = performance.now() - sent
      })
    }
    try {
      await expect.poll(photoWorkers).toHaveLength(1)
      const [worker = 0] = photoWorkers()
      // The work is in a process of its own: libuv's pool, where scrypt runs, is per process.
      expect(worker).not.toBe(process.pid)

      const busy: number[] = []
      for (let n = 0; n < 5; n++) busy.push(await signInTook())
      expect(finished, 'the sign-ins ran while photos were still being worked on').toBeLessThan(6)

      for (const answer of await Promise.all(uploads)) expect(answer.statusCode).toBe(201)
      // A sign-in queued behind the photos would wait for a whole photo at least. Measured
      // against the first photo's own time, not a fixed slack: a loaded machine slows both
      // alike (a CI run beside an npm install once took the busy median to 460 ms).
      expect(median(busy)).toBeLessThan(firstPhotoTook / 2)
      // Still the one worker: a node works on one photo at a time.
      expect(photoWorkers()).toEqual([worker])
    } finally {
      // A failure above leaves no photo holding the demo's turn for the tests after it.
      await Promise.allSettled(uploads)
    }
  })

  it("works on one photo of a restaurant at a time, whichever node has it; others' go on", async () => {
    // Another node of the cluster is working on one of the demo's photos: it holds its turn.
    expect(await t.database.clusterLocks.tryTake('photos:demo')).toBe(true)
    let demoAnswered = false
    const demo = upload('demo', await plainPng(1200, 900, '#aa3300'), 'image/png').then(
      (answer) => {
        demoAnswered = true
        return answer
      },
    )
    const bistro = await upload('bistro', await plainPng(1200, 900, '#0033aa'), 'image/png')
    expect(bistro.statusCode).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(demoAnswered).toBe(false)
    await t.database.clusterLocks.release('photos:demo')
    const answer = await demo
    expect(answer.statusCode).toBe(201)
    expect(uploadedPhoto.parse(answer.json()).url).toMatch(/^\/media\/photos\/demo\//)
  })

  it('lets a manager queue a few photos; past that the next is 429 with Retry-After', async () => {
    expect(await t.database.clusterLocks.tryTake('photos:demo')).toBe(true)
    const small = await plainPng(400, 300)
    const uploads = [0, 1, 2, 3, 4, 5, 6].map(() => upload('demo', small, 'image/png'))
    // While the demo's turn is taken, the only answer is the one past the line's six.
    const refused = await Promise.race(uploads)
    expect(refused.statusCode).toBe(429)
    expect(errorBody.parse(refused.json()).error.code).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    await t.database.clusterLocks.release('photos:demo')
    const answers = (await Promise.all(uploads)).map((answer) => answer.statusCode)
    expect(answers.sort()).toEqual([201, 201, 201, 201, 201, 201, 429])
  })

  it('takes a photo of the cap’s pixels and refuses one more row, from its header (413)', async () => {
    expect(MAX_PHOTO_PIXELS).toBe(25_000_000)
    const atCap = await upload('demo', await plainPng(5_000, 5_000), 'image/png')
    expect(atCap.statusCode, atCap.body).toBe(201)
    expect(uploadedPhoto.parse(atCap.json())).toMatchObject({ width: 5_000, height: 5_000 })
    const over = await upload('demo', await plainPng(5_000, 5_001), 'image/png')
    expect(over.statusCode).toBe(413)
    expect(errorBody.parse(over.json()).error.message).toMatch(/5000×5001 .*at most 25 megapixels/)
  })

  it('gives a photo to a fresh worker when the idle one died unheard of', async () => {
    const first = await upload('demo', await plainPng(400, 300), 'image/png')
    expect(first.statusCode).toBe(201)
    const [idle = 0] = photoWorkers()
    // Killed (the kernel's out-of-memory killer, an operator) while nothing was asked of it:
    // the next photo is sent before the server has heard that it exited.
    process.kill(idle, 'SIGKILL')
    const next = await upload('demo', await plainPng(400, 300, '#445566'), 'image/png')
    expect(next.statusCode, next.body).toBe(201)
    expect(photoWorkers()).not.toContain(idle)
  })

  it('answers 503 when the worker dies on a photo, and a fresh one takes the next', async () => {
    // A worker the server knows, idle: its CPU time grows only once it works on the photo.
    expect((await upload('bistro', await plainPng(400, 300), 'image/png')).statusCode).toBe(201)
    const dying = upload('bistro', photo)
    const photoUpload = { answered: false }
    void dying.finally(() => (photoUpload.answered = true))
    // Every worker that works on the photo dies at it: the server may hand a photo its worker
    // died on to a fresh one once, when it had not yet heard that the job was taken.
    const seen = new Map<number, number>()
    const killed: number[] = []
    while (!photoUpload.answered) {
      for (const pid of photoWorkers()) {
        const ticks = cpuTicks(pid)
        const first = seen.get(pid) ?? ticks
        seen.set(pid, first)
        if (ticks - first > 5 && !killed.includes(pid)) {
          process.kill(pid, 'SIGKILL')
          killed.push(pid)
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const answer = await dying
    expect(answer.statusCode).toBe(503)
    expect(errorBody.parse(answer.json()).error.code).toBe('service_unavailable')
    expect(killed.length).toBeGreaterThan(0)
    const next = await upload('bistro', await plainPng(800, 600, '#336633'), 'image/png')
    expect(next.statusCode).toBe(201)
    expect(photoWorkers().some((pid) => killed.includes(pid))).toBe(false)
  })
})
