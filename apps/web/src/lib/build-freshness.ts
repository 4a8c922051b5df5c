import { safeParse } from 'zod/mini'
import type { $ZodType, output } from 'zod/v4/core'
import {
  BUILD_MANIFEST_DELAY_MS,
  LATEST_BUILD_CHECK_INTERVAL_MS,
  LATEST_BUILD_PATH,
  buildManifestPath,
} from '../config/constants'
import { buildManifest, latestBuild, type BuildManifest, type LatestBuild } from './build-info'

export interface BuildFreshnessOptions {
  buildId: string
  builtAt: string
  /** Plain fetch, not the API client: these are static files, not API calls (spec §7). */
  fetch: typeof globalThis.fetch
  onNewerBuild: (latest: LatestBuild) => void
  onManifest?: (manifest: BuildManifest) => void
  /** How long after now to fetch the manifest; the caller may have waited part of it already. */
  manifestDelayMs?: number
}

type Fetched<T> = { status: 'ok'; data: T } | { status: 'missing' } | { status: 'failed' }

async function fetchJson<S extends $ZodType>(
  fetchFn: typeof globalThis.fetch,
  path: string,
  schema: S,
): Promise<Fetched<output<S>>> {
  try {
    const response = await fetchFn(path, { cache: 'no-store' })
    if (response.status === 404) return { status: 'missing' }
    if (!response.ok) return { status: 'failed' }
    const parsed = safeParse(schema, await response.json())
    return parsed.success ? { status: 'ok', data: parsed.data } : { status: 'failed' }
  } catch {
    return { status: 'failed' }
  }
}

/** A different build that is not older than ours; an older one is a stale copy of latest.json. */
export function isNewerBuild(latest: LatestBuild, current: { buildId: string; builtAt: string }) {
  if (latest.buildId === current.buildId) return false
  const latestTime = Date.parse(latest.builtAt)
  const currentTime = Date.parse(current.builtAt)
  return Number.isNaN(latestTime) || Number.isNaN(currentTime) || latestTime >= currentTime
}

/**
 * Fetches the running build's manifest BUILD_MANIFEST_DELAY_MS after start and asks for
 * latest.json every LATEST_BUILD_CHECK_INTERVAL_MS (spec §9). A missing manifest means the
 * server no longer has this build, so latest.json is checked at once. Returns a stop function.
 */
export function watchBuildFreshness(options: BuildFreshnessOptions): () => void {
  let announced = false

  const checkLatest = async () => {
    if (announced) return
    const latest = await fetchJson(options.fetch, LATEST_BUILD_PATH, latestBuild)
    if (latest.status !== 'ok' || !isNewerBuild(latest.data, options)) return
    announced = true
    options.onNewerBuild(latest.data)
  }

  const loadManifest = async () => {
    const path = buildManifestPath(options.buildId)
    const manifest = await fetchJson(options.fetch, path, buildManifest)
    if (manifest.status === 'ok') options.onManifest?.(manifest.data)
    if (manifest.status === 'missing') await checkLatest()
  }

  const manifestTimer = setTimeout(
    () => void loadManifest(),
    options.manifestDelayMs ?? BUILD_MANIFEST_DELAY_MS,
  )
  const checkTimer = setInterval(() => void checkLatest(), LATEST_BUILD_CHECK_INTERVAL_MS)
  return () => {
    clearTimeout(manifestTimer)
    clearInterval(checkTimer)
  }
}
