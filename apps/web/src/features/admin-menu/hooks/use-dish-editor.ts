import { useState } from 'react'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import type { MenuFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { localized } from '../../../lib/i18n/localized-text'
import type { DishForm } from '../dish-form'
import { findCategory, treeRows } from '../menu-tree'

/** Error paths the form shows beside a field; others are listed at the top. */
const SHOWN = [
  'name.',
  'description.',
  'price',
  'categoryId',
  'vatRate',
  'portion.',
  'nutrition.',
  'photo.url',
  'allergens',
  'diet',
  'highlight',
  'modifierGroups.',
]

interface DishEditorState {
  form: DishForm
  file: MenuFile
  errors: ReadonlyMap<string, string>
  language: UiLanguage
  /** The station that cooks a category's dishes now (its own, an ancestor's, the default). */
  stationOf: (categoryId: string) => string
}

/**
 * The dish editor's draft, its station, and the server's errors sorted out by field. A dish is
 * cooked where its category is (decision 0118); choosing another category shows that one's
 * station, and choosing another station moves the whole category.
 */
export function useDishEditor({
  form: initial,
  file,
  errors,
  language,
  stationOf,
}: DishEditorState) {
  const [form, setForm] = useState(initial)
  const [stationId, setStationId] = useState(() => stationOf(initial.categoryId))
  const set = <K extends keyof DishForm>(key: K, value: DishForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }))
  }
  const categories = file.menus.flatMap((menu) =>
    treeRows(menu).map(({ category, depth }) => ({
      id: category.id,
      label: `${'· '.repeat(depth - 1)}${localized(category.name, language)} (${localized(menu.name, language)})`,
    })),
  )
  const categoryName = (() => {
    for (const menu of file.menus) {
      const row = treeRows(menu).find(({ category }) => category.id === form.categoryId)
      if (row) return localized(row.category.name, language)
    }
    return ''
  })()

  return {
    form,
    set,
    stationId,
    setStationId,
    chooseCategory: (categoryId: string) => {
      set('categoryId', categoryId)
      setStationId(stationOf(categoryId))
    },
    /** Whether saving moves the dish's category to another station. */
    movesCategory: stationId !== stationOf(form.categoryId),
    setPhoto: (uploaded: UploadedPhoto, chosen: File) => {
      setForm((current) => ({
        ...current,
        photo: {
          url: uploaded.url,
          color: uploaded.color,
          alt: { ru: current.nameRu.trim() || chosen.name.replace(/\.\w+$/, '') || 'Фото' },
        },
      }))
    },
    categories,
    categoryName,
    // What "as the category" means for this dish: its category's own rate (decision 0133).
    categoryVat: findCategory(file, form.categoryId)?.category.vatRate,
    error: (path: string) => errors.get(path),
    listError: (path: string) =>
      errors.get(path) ??
      [...errors.entries()].find(([at]) => at.startsWith(`${path}.`))?.[1] ??
      undefined,
    unplaced: [...errors.keys()].filter((path) => !SHOWN.some((shown) => path.startsWith(shown))),
  }
}
