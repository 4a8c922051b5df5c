import { useRef, useState, type RefObject } from 'react'
import { safeParse } from 'zod/mini'
import {
  categoryBody,
  dishBody,
  saveMenuBody,
  type AdminMenu,
} from '@tableside/contracts/menu-admin'
import type { MenuFileMenu, StoryFile } from '@tableside/contracts/menu-file'
import { ApiError } from '../../../lib/api-error'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { adminMenuMessages } from '../admin-menu-messages'
import {
  createCategory,
  deleteCategory,
  orderCategories,
  updateCategory,
} from '../api/category-changes'
import { deleteDish, orderDishes, saveDish, setDishAvailability } from '../api/dish-changes'
import { useAdminMenu } from '../api/get-admin-menu'
import { assignStation, useKitchenStations } from '../api/kitchen-stations'
import { deleteMenu, importMenu, saveMenu, saveStories } from '../api/menu-changes'
import { useMenuSave, type MenuChange } from '../api/save-menu'
import { usePhotoUpload } from '../api/upload-photo'
import { dishFromForm, formField, type DishForm } from '../dish-form'
import { fieldProblem, type EditorKind, type ValueIssue } from '../field-problems'
import { readMenuFileForImport } from '../import-file'
import { arrowAfterMove, idFromName, treeRows, usedIds } from '../menu-tree'
import { stationOfCategory } from '../category-station'
import { useFocusAfter } from '../use-focus-after'
import { categoryFields, type CategoryForm } from '../components/category-editor'
import { menuFields, type MenuForm } from '../components/menu-editor'

export type Editing =
  | { kind: 'dish'; dishId: string | null }
  | { kind: 'category'; categoryId: string | null; parentId: string | null }
  | { kind: 'menu'; menuId: string | null }
  | { kind: 'stories' }
  | null

/** An arrow moved a row: where focus goes once the new order shows. */
type Moved = { id: string; arrow: 'up' | 'down' } | undefined

/**
 * The menu screen's state and what its controls do (`root`: the screen, where focus is kept). Saves go one at a time (`useMenuSave`);
 * after one, focus goes back to the control that opened the editor (or the moved row's arrow)
 * once the saved menu shows.
 */
export function useMenuScreen(root: RefObject<HTMLElement | null>) {
  const { t, language } = useMessages(adminMenuMessages)
  const reason = useStaffErrorText()
  const { data, error: loadError } = useAdminMenu()
  const menuSave = useMenuSave()
  const photoUpload = usePhotoUpload()
  const kitchen = useKitchenStations()
  const [menuId, setMenuId] = useState<string | null>(null)
  const [categoryId, setCategoryId] = useState<string | null>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const [status, setStatus] = useState({ text: '', failed: false })
  const focusAfter = useFocusAfter(root, data?.version)
  /** The controls that opened the editor, to give focus back to (the first still there). */
  const opener = useRef<readonly string[]>([])

  if (!data) return { state: 'loading', loadError } as const
  const { file } = data
  const menu = file.menus.find((m) => m.id === menuId) ?? file.menus[0]
  if (!menu) {
    // A new restaurant (issue 29) starts here: its first menu, named for the manager to change.
    const startMenu = () =>
      void menuSave
        .mutateAsync(saveMenu('main', { name: { ru: t('firstMenuRu'), en: t('firstMenuEn') } }))
        .catch(() => {
          setStatus({ text: t('notSaved'), failed: true })
        })
    return { state: 'no-menus', startMenu, busy: menuSave.isPending, status } as const
  }
  const rows = treeRows(menu)
  const selected = rows.find((r) => r.category.id === categoryId) ?? rows[0]

  /** Why a save was refused, in the screen's words (the server's own are English). */
  const refusalText = (failure: unknown): string => {
    if (failure instanceof ApiError && failure.status === 0)
      return `${t('notSaved')} ${t('offline')}`
    if (failure instanceof ApiError && failure.code === 'category_not_empty')
      return `${t('notSaved')} ${t('categoryNotEmpty')}`
    if (failure instanceof ApiError && failure.code === 'last_menu')
      return `${t('notSaved')} ${t('lastMenu')}`
    if (failure instanceof ApiError && failure.code === 'validation_failed')
      return `${t('notSaved')} ${t('invalidValue')}`
    return t('notSavedWhy', { reason: reason(failure) })
  }
  /** Runs a save; the answer is the whole menu. Field errors stay for the open form. */
  const save = async (change: MenuChange, done: string): Promise<AdminMenu | null> => {
    try {
      const saved = await menuSave.mutateAsync(change)
      setErrors(new Map())
      setStatus({ text: done, failed: false })
      return saved
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) {
        // The server's refusal by field, in words: its own message is zod's English.
        const editor = editing?.kind ?? 'menu'
        setErrors(
          new Map(
            failure.fields.map((f) => {
              const field = formField(f.path)
              return [field, fieldProblem(editor, field, null, t)]
            }),
          ),
        )
        setStatus({ text: t('notSaved'), failed: true })
      } else {
        setStatus({ text: refusalText(failure), failed: true })
      }
      return null
    }
  }
  const open = (next: Exclude<Editing, null>, ...openedBy: string[]) => {
    opener.current = openedBy
    setEditing(next)
    setErrors(new Map())
    // What the last save said belongs to what was on screen then.
    setStatus({ text: '', failed: false })
  }
  /** The editor goes; focus goes back to what opened it (once `version` shows, after a save). */
  const finish = (version?: string) => {
    setEditing(null)
    setErrors(new Map())
    focusAfter(opener.current, version)
  }
  /** Another menu or category chosen: the editor goes, focus stays on what was chosen. */
  const leave = () => {
    setEditing(null)
    setErrors(new Map())
  }
  /** A save that closes the editor when it went through. */
  const saveAndFinish = (change: MenuChange, done: string) => {
    void save(change, done).then((saved) => {
      if (saved) finish(saved.version)
    })
  }
  /** A new order of rows saved; focus follows the moved row's arrow. */
  const saveOrder = (change: MenuChange, ids: readonly string[], moved: Moved, row: string) => {
    void save(change, t('orderSaved')).then((saved) => {
      if (saved && moved) {
        const arrow = arrowAfterMove(ids, moved.id, moved.arrow)
        focusAfter([`${row}:${moved.id}:${arrow}`], saved.version)
      }
    })
  }

  /** The contract's objections, each under its field in words; nothing is sent. */
  const refuse = (
    editor: EditorKind,
    issues: readonly (ValueIssue & { path: readonly PropertyKey[] })[],
  ) => {
    setErrors(
      new Map(
        issues.map((issue) => {
          const field = formField(['body', ...issue.path.map(String)].join('.'))
          return [field, fieldProblem(editor, field, issue, t)]
        }),
      ),
    )
    setStatus({ text: t('notSaved'), failed: true })
  }

  /**
   * The change, then the category given to `stationId` when that is not the station cooking it
   * now (decision 0118: a category's station is chosen in its form and in its dishes' forms).
   */
  const withStation = (
    change: MenuChange,
    categoryId: string,
    stationId: string,
    before: string | null,
  ): MenuChange => {
    if (stationId === '' || stationId === before) return change
    return async (api) => {
      const saved = await change(api)
      await assignStation(api, categoryId, stationId)
      void kitchen.refresh()
      return saved
    }
  }

  const submitDish = (form: DishForm, dishId: string | null, stationId = '') => {
    const dish = dishFromForm({
      ...form,
      id: dishId ?? (form.id || idFromName(form.nameEn || form.nameRu, usedIds(file))),
    })
    // The import's own contract, here first: a bad value is named before anything is sent.
    const parsed = safeParse(dishBody, { categoryId: form.categoryId, dish })
    if (!parsed.success) {
      refuse('dish', parsed.error.issues)
      return
    }
    const before = stationOfCategory(file, kitchen.stations, form.categoryId, null)
    const change = withStation(saveDish(dishId, parsed.data), form.categoryId, stationId, before)
    void save(change, t('saved')).then((saved) => {
      if (!saved) return
      setCategoryId(form.categoryId)
      finish(saved.version)
    })
  }

  const submitCategory = (form: CategoryForm, target: Extract<Editing, { kind: 'category' }>) => {
    const fields = categoryFields(form)
    const id = target.categoryId ?? idFromName(form.nameEn || form.nameRu, usedIds(file))
    // The contract first, so an empty name reads "Enter the category's name" before any request.
    const checked = safeParse(categoryBody, {
      menuId: menu.id,
      parentId: target.parentId,
      category: { id, ...fields },
    })
    if (!checked.success) {
      refuse('category', checked.error.issues)
      return
    }
    const saveFields = target.categoryId
      ? updateCategory(target.categoryId, fields)
      : createCategory({
          menuId: menu.id,
          parentId: target.parentId,
          category: { id, ...fields },
        })
    // Every category has a station (issue 30): a new one the one chosen (its parent's, or the
    // restaurant's default, preselected), another one when the choice changed.
    const before = target.categoryId
      ? stationOfCategory(file, kitchen.stations, target.categoryId, target.parentId)
      : null
    const change = withStation(saveFields, id, form.stationId, before)
    // The saved category stays chosen, its dishes in view (issue 30: the screen went back to
    // the first category after every save).
    void save(change, t('saved')).then((saved) => {
      if (!saved) return
      setCategoryId(id)
      finish(saved.version)
    })
  }

  const submitMenu = (form: MenuForm, target: Extract<Editing, { kind: 'menu' }>) => {
    const current = file.menus.find((m) => m.id === target.menuId)
    const id =
      target.menuId ?? idFromName(form.nameEn || form.nameRu, new Set(file.menus.map((m) => m.id)))
    const body = menuFields(form, current)
    const checked = safeParse(saveMenuBody, body)
    if (!checked.success) {
      refuse('menu', checked.error.issues)
      return
    }
    void save(saveMenu(id, body), t('saved')).then((saved) => {
      if (!saved) return
      setMenuId(id)
      if (!target.menuId) setCategoryId(null)
      finish(saved.version)
    })
  }

  const removeMenu = (menuToGo: MenuFileMenu) => {
    const inside = treeRows(menuToGo)
    const dishes = inside.reduce((sum, row) => sum + row.category.dishes.length, 0)
    // A menu with anything in it goes only when the manager says so.
    if (
      inside.length > 0 &&
      !window.confirm(
        t('confirmDeleteMenu', {
          name: localized(menuToGo.name, language),
          categories: inside.length,
          dishes,
        }),
      )
    ) {
      return
    }
    void save(deleteMenu(menuToGo.id), t('deleted')).then((saved) => {
      if (!saved) return
      setMenuId(null)
      setCategoryId(null)
      finish(saved.version)
    })
  }

  const importFile = (text: string) => {
    const chosen = readMenuFileForImport(text)
    if (!chosen) {
      setStatus({ text: t('importNotJson'), failed: true })
      return
    }
    if (!window.confirm(t('confirmImport'))) return
    void save(importMenu(chosen), t('imported')).then((saved) => {
      if (!saved) setEditing(null)
    })
  }

  return {
    state: 'ready',
    data,
    file,
    stations: kitchen.stations,
    menu,
    rows,
    selected,
    editing,
    errors,
    status,
    busy: menuSave.isPending,
    open,
    finish,
    uploadPhoto: (chosen: File) => photoUpload.mutateAsync(chosen),
    chooseMenu: (id: string) => {
      setMenuId(id)
      setCategoryId(null)
      leave()
    },
    chooseCategory: (id: string) => {
      setCategoryId(id)
      leave()
    },
    submitDish,
    deleteDish: (dishId: string | null) => {
      if (!dishId || !window.confirm(t('confirmDeleteDish'))) return
      saveAndFinish(deleteDish(dishId), t('deleted'))
    },
    setDishAvailability: (dishId: string, available: boolean) => {
      void save(
        setDishAvailability(dishId, available),
        available ? t('backOnSale') : t('onStopList'),
      )
    },
    orderDishes: (dishIds: string[], moved: Moved) => {
      if (!selected) return
      saveOrder(orderDishes(selected.category.id, dishIds), dishIds, moved, 'dish')
    },
    submitCategory,
    deleteCategory: (id: string | null) => {
      if (id) saveAndFinish(deleteCategory(id), t('deleted'))
    },
    orderCategories: (parentId: string | null, categoryIds: string[], moved: Moved) => {
      saveOrder(
        orderCategories({ menuId: menu.id, parentId, categoryIds }),
        categoryIds,
        moved,
        'category',
      )
    },
    submitMenu,
    removeMenu,
    saveStories: (stories: StoryFile[]) => {
      void save(saveStories(stories), t('saved'))
    },
    importFile,
  } as const
}

export type MenuScreen = Extract<ReturnType<typeof useMenuScreen>, { state: 'ready' }>
