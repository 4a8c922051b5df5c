/** Product constants from the spec (§7, §9); every timing the app relies on lives here. */

/** The build manifest is fetched this long after the app is ready (spec §9). */
export const BUILD_MANIFEST_DELAY_MS = 1_000
/** How often the app asks whether a newer build is deployed (spec §9). */
export const LATEST_BUILD_CHECK_INTERVAL_MS = 3_600_000
/** A failed chunk load reloads the page at most once per path in this window (spec §8, §9). */
export const CHUNK_RELOAD_GUARD_MS = 10_000

export const LATEST_BUILD_PATH = '/latest.json'
export const buildManifestPath = (buildId: string) => `/builds/${encodeURIComponent(buildId)}.json`

/** Cookies holding the actors' tokens (spec §3) and the headers that carry them (spec §7). */
export const GARCON_TOKEN_COOKIE = 'garcon_token'
export const PROFILE_TOKEN_COOKIE = 'profile_token'
export const GARCON_TOKEN_HEADER = 'X-Garcon-Token'
export const PROFILE_TOKEN_HEADER = 'X-Profile-Token'
export const DEFAULT_COOKIE_PATH = '/'

/** GET is retried once on these statuses; writes never are (spec §7). */
export const RETRY_STATUS_CODES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504]
export const GET_RETRY_COUNT = 1
export const RETRY_DELAY_MS = 250

/** Used for error reports only when start-up failed before the runtime config was read. */
export const FALLBACK_API_BASE = '/api/v1'

export const LANGUAGE_STORAGE_KEY = 'tableside.language'
export const CHUNK_RELOAD_STORAGE_PREFIX = 'tableside.chunk-reload:'
