import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { MenuRepository } from './menu-repository'
import { buildMenuSnapshot, type MenuSnapshot } from './menu-snapshot'

/** Menus held at most; the least recently served make room, and load again when asked for. */
export const MENU_CACHE_MAX = 500

/**
 * Every open restaurant's menu, built once per version and held in memory: requests never
 * query the database for it. A change made through this server refreshes at once; a change
 * made elsewhere (another node, the menu CLI on PostgreSQL) is noticed by a cheap version
 * check every `watchIntervalMs`.
 */
export class MenuCache {
  readonly #repository: MenuRepository
  readonly #log: FastifyBaseLogger
  readonly #snapshots: LRUCache<string, MenuSnapshot>
  // Bounded by the loads in flight: each key leaves when its load ends.
  readonly #loading = new Map<string, Promise<MenuSnapshot | undefined>>()
  #timer: NodeJS.Timeout | undefined

  constructor(
    repository: MenuRepository,
    log: FastifyBaseLogger,
    { max = MENU_CACHE_MAX }: { max?: number } = {},
  ) {
    this.#repository = repository
    this.#log = log
    this.#snapshots = new LRUCache({ max })
  }

  /** Menus held now: only restaurants that exist, never more than `max`. */
  get size(): number {
    return this.#snapshots.size
  }

  /** The current snapshot, loading it on first use; undefined for an unknown restaurant. */
  get(restaurantId: string): MenuSnapshot | Promise<MenuSnapshot | undefined> {
    return this.#snapshots.get(restaurantId) ?? this.refresh(restaurantId)
  }

  /** The snapshot if it is held, without waiting; starts loading it if not. */
  peek(restaurantId: string): MenuSnapshot | undefined {
    const held = this.#snapshots.get(restaurantId)
    if (!held) {
      this.refresh(restaurantId).catch((error: unknown) => {
        this.#log.warn({ err: error, restaurantId }, 'Loading a menu failed')
      })
    }
    return held
  }

  /** Rebuilds from the database; concurrent callers share one load. */
  refresh(restaurantId: string): Promise<MenuSnapshot | undefined> {
    const pending = this.#loading.get(restaurantId)
    if (pending) return pending
    const load = this.#load(restaurantId).finally(() => this.#loading.delete(restaurantId))
    this.#loading.set(restaurantId, load)
    return load
  }

  /**
   * Waits until the held menu is at least `version`, one a transaction has just committed: a load
   * already under way may have read the rows before that commit, so it is not enough to join it.
   */
  async atLeast(restaurantId: string, version: string): Promise<void> {
    for (let tries = 0; tries < 3; tries += 1) {
      const held = this.#snapshots.peek(restaurantId)
      if (held && BigInt(held.version) >= BigInt(version)) return
      const pending = this.#loading.get(restaurantId)
      if (pending) await pending.catch(() => undefined)
      else await this.refresh(restaurantId)
    }
  }

  /**
   * Whether the restaurant's menu has moved on from `version` (saved on another node, or by the
   * menu command); if so, the menu held here is brought up to the new one before this answers,
   * so what is priced next is priced from it (decision 0104).
   */
  async caughtUp(restaurantId: string, version: string): Promise<boolean> {
    const current = await this.#repository.version(restaurantId)
    if (current === undefined || current === version) return false
    await this.atLeast(restaurantId, current)
    return true
  }

  async #load(restaurantId: string): Promise<MenuSnapshot | undefined> {
    const rows = await this.#repository.load(restaurantId)
    if (!rows) {
      this.#snapshots.delete(restaurantId)
      return undefined
    }
    const fresh = await buildMenuSnapshot(rows)
    const held = this.#snapshots.peek(restaurantId)
    // A slower, older load must never replace a newer snapshot.
    if (held && BigInt(held.version) > BigInt(fresh.version)) return held
    this.#snapshots.set(restaurantId, fresh)
    return fresh
  }

  /** Starts the version check for changes made outside this process. */
  watch(intervalMs: number): void {
    this.stop()
    this.#timer = setInterval(() => {
      this.checkVersions().catch((error: unknown) => {
        this.#log.warn({ err: error }, 'Menu version check failed; will retry')
      })
    }, intervalMs)
    this.#timer.unref()
  }

  async checkVersions(): Promise<void> {
    if (this.#snapshots.size === 0) return
    const versions = await this.#repository.versions()
    for (const [restaurantId, snapshot] of [...this.#snapshots.entries()]) {
      const version = versions.get(restaurantId)
      if (version === undefined) this.#snapshots.delete(restaurantId)
      else if (version !== snapshot.version) await this.refresh(restaurantId)
    }
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
