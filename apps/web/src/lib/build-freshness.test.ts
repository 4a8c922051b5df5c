import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isNewerBuild, watchBuildFreshness } from './build-freshness'
import type { LatestBuild } from './build-info'

const CURRENT = { buildId: 'b-100', builtAt: '2026-11-21T10:00:00.000Z' }
const HOUR = 3_600_000

/** A static file server in memory: answers by path and records when each file was asked for. */
function fakeFiles(files: Record<string, unknown>) {
  const calls: { path: string; at: number; cache: RequestCache | undefined }[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({ path, at: Date.now(), cache: init?.cache })
    const body = files[path]
    return Promise.resolve(
      body === undefined
        ? new Response('not found', { status: 404 })
        : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    )
  }
  return { fetch, calls, files }
}

const manifest = { ...CURRENT, entry: 'assets/index-abc.js', assets: ['assets/index-abc.js'] }

describe('build freshness', () => {
  let start: number
  let stop = () => {}
  beforeEach(() => {
    vi.useFakeTimers()
    start = Date.now()
  })
  afterEach(() => {
    stop()
    vi.useRealTimers()
  })

  function watch(files: ReturnType<typeof fakeFiles>) {
    const newer: LatestBuild[] = []
    const manifests: unknown[] = []
    stop = watchBuildFreshness({
      ...CURRENT,
      fetch: files.fetch,
      onNewerBuild: (latest) => newer.push(latest),
      onManifest: (m) => manifests.push(m),
    })
    return { newer, manifests }
  }

  it('fetches its own manifest 1,000 ms after start, not before, without the HTTP cache', async () => {
    const files = fakeFiles({ '/builds/b-100.json': manifest, '/latest.json': CURRENT })
    const { manifests } = watch(files)
    await vi.advanceTimersByTimeAsync(999)
    expect(files.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(files.calls).toEqual([
      { path: '/builds/b-100.json', at: start + 1_000, cache: 'no-store' },
    ])
    expect(manifests).toEqual([manifest])
  })

  it('checks latest.json every 3,600,000 ms', async () => {
    const files = fakeFiles({ '/builds/b-100.json': manifest, '/latest.json': CURRENT })
    watch(files)
    await vi.advanceTimersByTimeAsync(HOUR - 1)
    expect(files.calls.filter((c) => c.path === '/latest.json')).toEqual([])
    await vi.advanceTimersByTimeAsync(1 + 2 * HOUR)
    expect(files.calls.filter((c) => c.path === '/latest.json')).toEqual([
      { path: '/latest.json', at: start + HOUR, cache: 'no-store' },
      { path: '/latest.json', at: start + 2 * HOUR, cache: 'no-store' },
      { path: '/latest.json', at: start + 3 * HOUR, cache: 'no-store' },
    ])
  })

  it('announces nothing while latest.json names the running build', async () => {
    const files = fakeFiles({ '/builds/b-100.json': manifest, '/latest.json': CURRENT })
    const { newer } = watch(files)
    await vi.advanceTimersByTimeAsync(3 * HOUR)
    expect(newer).toEqual([])
  })

  it('announces a newer build once, at the first check that sees it', async () => {
    const next = { buildId: 'b-101', builtAt: '2026-11-21T12:00:00.000Z' }
    const files = fakeFiles({ '/builds/b-100.json': manifest, '/latest.json': CURRENT })
    const { newer } = watch(files)
    await vi.advanceTimersByTimeAsync(HOUR)
    files.files['/latest.json'] = next
    await vi.advanceTimersByTimeAsync(HOUR - 1)
    expect(newer).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(newer).toEqual([next])
    await vi.advanceTimersByTimeAsync(2 * HOUR)
    expect(newer).toEqual([next])
  })

  it('checks latest.json at once when the server no longer has this build', async () => {
    const next = { buildId: 'b-101', builtAt: '2026-11-21T12:00:00.000Z' }
    const files = fakeFiles({ '/latest.json': next })
    const { newer } = watch(files)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(files.calls.map((c) => c.path)).toEqual(['/builds/b-100.json', '/latest.json'])
    expect(newer).toEqual([next])
  })

  it('keeps checking after a failed request', async () => {
    const files = fakeFiles({ '/builds/b-100.json': manifest })
    const { newer } = watch(files)
    await vi.advanceTimersByTimeAsync(HOUR)
    files.files['/latest.json'] = { buildId: 'b-102', builtAt: '2026-11-22T00:00:00.000Z' }
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(newer).toHaveLength(1)
  })

  it('stops asking once stopped', async () => {
    const files = fakeFiles({ '/latest.json': CURRENT })
    watch(files)
    stop()
    await vi.advanceTimersByTimeAsync(2 * HOUR)
    expect(files.calls).toEqual([])
  })
})

describe('isNewerBuild', () => {
  it('is false for the running build and for an older one', () => {
    expect(isNewerBuild(CURRENT, CURRENT)).toBe(false)
    expect(isNewerBuild({ buildId: 'b-099', builtAt: '2026-11-20T00:00:00.000Z' }, CURRENT)).toBe(
      false,
    )
  })

  it('is true for a different build made later', () => {
    expect(isNewerBuild({ buildId: 'b-101', builtAt: '2026-11-21T10:00:01.000Z' }, CURRENT)).toBe(
      true,
    )
  })
})
