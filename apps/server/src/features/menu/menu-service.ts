import type { FieldError } from '@tableside/contracts/errors'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
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
  /** Absent in the CLI, which has no cache to refresh and no diners to tell. */
  cache?: MenuCache
  broadcaster?: Broadcaster
}

/** Changes to a menu: a whole new menu from a file, and the stop-list. Open menus hear of both. */
export function createMenuService({ repository, cache, broadcaster }: MenuServiceDeps) {
  const announce = async (
    restaurantId: string,
    version: string,
    availability: { dishId: string; available: boolean }[] | null,
  ) => {
    await cache?.refresh(restaurantId)
    if (broadcaster) {
      await publishEvent(broadcaster, restaurantChannel(restaurantId), menuUpdated, {
        restaurantId,
        version,
        availability,
      })
    }
  }

  return {
    /** Validates the whole file first; replaces the menu only when all of it is valid. */
    async importMenu(restaurantId: string, raw: unknown): Promise<{ version: string }> {
      const check = checkMenuFile(raw)
      if (!check.ok) throw new MenuFileInvalidError(check.problems)
      if (!(await repository.restaurantExists(restaurantId))) {
        throw new UnknownRestaurantError(restaurantId)
      }
      await repository.replace(restaurantId, check.file)
      const version = (await repository.versions()).get(restaurantId) ?? ''
      await announce(restaurantId, version, null)
      return { version }
    },

    /** Puts dishes on the stop-list (available=false) or back on the menu. */
    async setAvailability(restaurantId: string, dishIds: readonly string[], available: boolean) {
      if (!(await repository.restaurantExists(restaurantId))) {
        throw new UnknownRestaurantError(restaurantId)
      }
      const result = await repository.setAvailability(restaurantId, dishIds, available)
      if (result.changed.length > 0) {
        await announce(
          restaurantId,
          result.version,
          result.changed.map((dishId) => ({ dishId, available })),
        )
      }
      return result
    },
  }
}

export type MenuService = ReturnType<typeof createMenuService>
