import type { Transaction } from 'kysely'
import type { FieldError } from '@tableside/contracts/errors'
import type { Manager } from '@tableside/contracts/staff'
import {
  placedDishes,
  type DishFile,
  type MenuFile,
  type StoryFile,
} from '@tableside/contracts/menu-file'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { MenuAdminRepository } from './menu-admin-repository'
import * as edits from './menu-admin-edits'
import type { MenuCache } from './menu-cache'
import { checkMenuFile } from './menu-file-validation'
import type { PhotoStore } from './menu-photos'
import { photoSetsOf } from './photo-names'

/** Who makes the change: the signed-in manager. */
export type MenuEditor = Manager

/** The audit log's writer, passed in by the app layer: one entry in the change's transaction. */
export interface MenuAuditLog {
  record(
    trx: Transaction<Database>,
    manager: MenuEditor,
    entry: edits.MenuEdit['audit'],
  ): Promise<unknown>
}

export interface MenuAdminDeps {
  repository: MenuAdminRepository
  audit: MenuAuditLog
  cache: MenuCache
  outbox: { kick(): Promise<void> }
  mediaOrigins?: readonly string[]
  /** Uploaded photos: a save that stops using one sweeps away those nothing uses (0078). */
  photos?: Pick<PhotoStore, 'sweep' | 'importFiles'>
  log?: {
    info(details: object, message: string): void
    warn(details: object, message: string): void
  }
}

const picturesOf = (file: MenuFile) => [
  ...placedDishes(file).flatMap(({ dish }) => (dish.photo ? [dish.photo.url] : [])),
  ...file.stories.map((story) => story.media.url),
]

/** Whether `after` stopped using an uploaded photo that `before` used. */
function dropsAPhoto(before: MenuFile, after: MenuFile): boolean {
  const still = photoSetsOf(picturesOf(after))
  return [...photoSetsOf(picturesOf(before))].some((set) => !still.has(set))
}

const invalid = (fields: FieldError[]) =>
  new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', fields)

/** `menus[0].categories[1].price` → `menus.0.categories.1.price`, as request fields read. */
const dotted = (path: string) => path.replace(/\[(\d+)\]/g, '.$1')

/**
 * A problem the import's rules found in the changed file, said as the request's field when it
 * lies in what the request changed (`body.dish.modifierGroups.0.maxChoices`).
 */
function fieldsOf(problems: FieldError[], at: edits.MenuEdit['fieldsAt']): FieldError[] {
  return problems.map(({ path, message }) => {
    if (
      at &&
      (path === at.filePath ||
        path.startsWith(`${at.filePath}.`) ||
        path.startsWith(`${at.filePath}[`))
    ) {
      const rest = path.slice(at.filePath.length)
      return { path: dotted(`${at.bodyPath}${rest}`), message }
    }
    return { path: dotted(path), message }
  })
}

/**
 * The manager's changes to the menu (issue 17, decision 0064): each is an edit of the menu
 * file, checked with the import's rules, written with its audit entry and a `menu.updated` for
 * open menus in one transaction; the cache (and so the first screen) is fresh before open menus
 * hear of it.
 */
export function createMenuAdminService({
  repository,
  audit,
  cache,
  outbox,
  mediaOrigins = [],
  photos,
  log,
}: MenuAdminDeps) {
  // One sweep at a time; a save that drops a photo meanwhile asks for one more after it.
  let sweeping: Promise<void> | null = null
  let asked = 0
  const sweepPhotos = async (): Promise<void> => {
    if (!photos) return
    asked += 1
    if (sweeping) return sweeping
    const sweep = async () => {
      for (let seen = -1; seen !== asked;) {
        seen = asked
        try {
          await photos.sweep(await repository.picturesInUse())
        } catch (error) {
          log?.warn({ err: error }, 'Unused photos could not be swept; the next sweep tries again')
        }
      }
    }
    sweeping = sweep().finally(() => {
      sweeping = null
    })
    return sweeping
  }

  const save = async (
    manager: MenuEditor,
    edit: (file: MenuFile) => edits.MenuEdit,
  ): Promise<{ version: string; file: MenuFile }> => {
    const dropped: boolean[] = []
    const saved = await repository.change(manager.restaurantId, async (current, trx) => {
      const change = edit(current)
      const check = checkMenuFile(change.file, { mediaOrigins })
      if (!check.ok) throw invalid(fieldsOf(check.problems, change.fieldsAt))
      await audit.record(trx, manager, change.audit)
      dropped.push(dropsAPhoto(current, check.file))
      return {
        file: check.file,
        ...(change.availability ? { availability: change.availability } : {}),
      }
    })
    await cache.atLeast(manager.restaurantId, saved.version)
    void outbox.kick()
    if (dropped.includes(true)) void sweepPhotos()
    return saved
  }

  return {
    async read(manager: MenuEditor) {
      const menu = await repository.read(manager.restaurantId)
      if (!menu) throw notFound('This restaurant does not exist.')
      return menu
    },
    saveMenu: (manager: MenuEditor, menuId: string, fields: Parameters<typeof edits.saveMenu>[2]) =>
      save(manager, (file) => edits.saveMenu(file, menuId, fields)),
    deleteMenu: (manager: MenuEditor, menuId: string) =>
      save(manager, (file) => edits.deleteMenu(file, menuId)),
    createDish: (manager: MenuEditor, categoryId: string, dish: DishFile) =>
      save(manager, (file) => edits.createDish(file, categoryId, dish)),
    updateDish: (manager: MenuEditor, dishId: string, categoryId: string, dish: DishFile) =>
      save(manager, (file) => edits.updateDish(file, dishId, categoryId, dish)),
    deleteDish: (manager: MenuEditor, dishId: string) =>
      save(manager, (file) => edits.deleteDish(file, dishId)),
    setDishAvailability: (manager: MenuEditor, dishId: string, available: boolean) =>
      save(manager, (file) => edits.setDishAvailability(file, dishId, available)),
    createCategory: (
      manager: MenuEditor,
      menuId: string,
      parentId: string | null,
      fields: Parameters<typeof edits.createCategory>[3],
    ) => save(manager, (file) => edits.createCategory(file, menuId, parentId, fields)),
    updateCategory: (
      manager: MenuEditor,
      categoryId: string,
      fields: Parameters<typeof edits.updateCategory>[2],
    ) => save(manager, (file) => edits.updateCategory(file, categoryId, fields)),
    deleteCategory: (manager: MenuEditor, categoryId: string) =>
      save(manager, (file) => edits.deleteCategory(file, categoryId)),
    orderCategories: (
      manager: MenuEditor,
      menuId: string,
      parentId: string | null,
      categoryIds: readonly string[],
    ) => save(manager, (file) => edits.orderCategories(file, menuId, parentId, categoryIds)),
    orderDishes: (manager: MenuEditor, categoryId: string, dishIds: readonly string[]) =>
      save(manager, (file) => edits.orderDishes(file, categoryId, dishIds)),
    saveStories: (manager: MenuEditor, stories: StoryFile[]) =>
      save(manager, (file) => edits.saveStories(file, stories)),

    /** A whole menu file from the screen: the same checks and the same paths as the CLI's. */
    async importFile(manager: MenuEditor, raw: unknown) {
      const check = checkMenuFile(raw, { mediaOrigins })
      if (!check.ok) {
        const inBody = (path: string) => (path === '(the file)' ? 'body' : dotted(`body.${path}`))
        throw invalid(check.problems.map(({ path, message }) => ({ path: inBody(path), message })))
      }
      const dropped: boolean[] = []
      const saved = await repository.change(manager.restaurantId, async (current, trx) => {
        dropped.push(dropsAPhoto(current, check.file))
        await audit.record(trx, manager, {
          action: 'import',
          entity: 'menu_file',
          entityId: manager.restaurantId,
          before: edits.menuSummary(current),
          after: edits.menuSummary(check.file),
        })
        return { file: check.file, replace: true }
      })
      await cache.atLeast(manager.restaurantId, saved.version)
      void outbox.kick()
      if (dropped.includes(true)) void sweepPhotos()
      return saved
    },

    /** Deletes uploaded photos nothing uses any more (past their hour); never throws. */
    sweepPhotos,

    /**
     * Stores in the database the photos an older release kept as files in `dir` that the menus
     * use (decision 0106); never throws: a start after a failure tries again.
     */
    async importPhotoFiles(dir: string): Promise<void> {
      if (!photos) return
      try {
        const stored = await photos.importFiles(dir, () => repository.picturesInUse(), {
          warn: (details, message) => log?.warn(details, message),
        })
        if (stored > 0) log?.info({ files: stored, dir }, 'Photo files of an older release stored')
      } catch (error) {
        log?.warn({ err: error, dir }, 'Photo files of an older release could not be stored')
      }
    },
  }
}

export type MenuAdminService = ReturnType<typeof createMenuAdminService>
