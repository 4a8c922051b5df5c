import type { FieldError } from '@tableside/contracts/errors'
import type { MenuCache } from './menu-cache'
import { checkMenuFile } from './menu-file-validation'
import type { MenuRepository } from './menu-repository'

export class MenuFileInvalidError extends Error {
  constructor(readonly problems: FieldError[]) {
    super(`The menu file has ${String(problems.length)} problem(s); nothing was changed.`)
    this.name = 'MenuFileInvalidError'
  }
}

export class UnknownRestaurantError extends Error {
  constructor(readonly restaurantId: string) {
    super(`There is no restaurant "${restaurantId}".`)
    this.name = 'UnknownRestaurantError'
  }
}

export interface MenuServiceDeps {
  repository: MenuRepository
  /** Absent in the CLI, which has no cache to refresh. */
  cache?: MenuCache
  /**
   * Delivers the `menu.updated` the change wrote into the outbox; absent in the CLI, whose
   * entries a running server (on the same PostgreSQL) or the next start delivers.
   */
  outbox?: { kick(): Promise<void> }
  /** Image hosts the app's pages allow besides this server (MEDIA_ORIGINS). */
  mediaOrigins?: readonly string[]
}

/**
 * Changes to a menu: a whole new menu from a file, and the stop-list. Open menus hear of both
 * through the outbox entry each change writes with itself.
 */
export function createMenuService({
  repository,
  cache,
  outbox,
  mediaOrigins = [],
}: MenuServiceDeps) {
  // The served menu is fresh before open menus hear of the change and fetch it.
  const announce = async (restaurantId: string) => {
    await cache?.refresh(restaurantId)
    void outbox?.kick()
  }

  return {
    /** Validates the whole file first; replaces the menu only when all of it is valid. */
    async importMenu(restaurantId: string, raw: unknown): Promise<{ version: string }> {
      const check = checkMenuFile(raw, { mediaOrigins })
      if (!check.ok) throw new MenuFileInvalidError(check.problems)
      if (!(await repository.restaurantExists(restaurantId))) {
        throw new UnknownRestaurantError(restaurantId)
      }
      const version = await repository.replace(restaurantId, check.file)
      await announce(restaurantId)
      return { version }
    },

    /** Puts dishes on the stop-list (available=false) or back on the menu. */
    async setAvailability(restaurantId: string, dishIds: readonly string[], available: boolean) {
      if (!(await repository.restaurantExists(restaurantId))) {
        throw new UnknownRestaurantError(restaurantId)
      }
      const result = await repository.setAvailability(restaurantId, dishIds, available)
      if (result.changed.length > 0) await announce(restaurantId)
      return result
    },
  }
}

export type MenuService = ReturnType<typeof createMenuService>
