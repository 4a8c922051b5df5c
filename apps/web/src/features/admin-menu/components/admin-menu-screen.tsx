import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { safeParse } from 'zod/mini'
import {
  createAdminCategory,
  createAdminDish,
  deleteAdminCategory,
  deleteAdminDish,
  deleteAdminMenu,
  dishBody,
  importAdminMenu,
  orderAdminCategories,
  orderAdminDishes,
  saveAdminMenu,
  saveAdminStories,
  setAdminDishAvailability,
  updateAdminCategory,
  updateAdminDish,
  type AdminMenu,
} from '@tableside/contracts/menu-admin'
import type { StoryFile } from '@tableside/contracts/menu-file'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { useApiClient } from '../../../lib/app-context'
import { ApiError } from '../../../lib/api-error'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminMenuMessages } from '../admin-menu-messages'
import { readMenuFileForImport } from '../import-file'
import {
  adminMenuQueryOptions,
  downloadMenuFile,
  useMenuSave,
  usePhotoUpload,
  type MenuChange,
} from '../api/admin-menu-api'
import { dishFromForm, formField, formFromDish, type DishForm } from '../dish-form'
import { arrowAfterMove, findCategory, idFromName, treeRows, usedIds } from '../menu-tree'
import { useFocusAfter } from '../use-focus-after'
import { CategoryEditor, categoryFields, type CategoryForm } from './category-editor'
import { CategoryTree } from './category-tree'
import { DishEditor } from './dish-editor'
import { DishList } from './dish-list'
import { MenuEditor, menuFields, menuFormOf, type MenuForm } from './menu-editor'
import { MenuToolbar } from './menu-toolbar'
import { StoriesEditor } from './stories-editor'

type Editing =
  | { kind: 'dish'; dishId: string | null }
  | { kind: 'category'; categoryId: string | null; parentId: string | null }
  | { kind: 'menu'; menuId: string | null }
  | { kind: 'stories' }
  | null

/**
 * The back office's menu: menus, categories, dishes with the stop-list, stories, import and
 * export. Saves go one at a time (`useMenuSave`); the controls that save wait while one is under
 * way, and keep the keyboard's focus through it.
 */
export function AdminMenuScreen({ restaurant }: { restaurant: Restaurant }) {
  const api = useApiClient()
  const { t, language } = useMessages(adminMenuMessages)
  const { data, error: loadError } = useQuery(adminMenuQueryOptions(api))
  const menuSave = useMenuSave()
  const photoUpload = usePhotoUpload()
  const busy = menuSave.isPending
  const [menuId, setMenuId] = useState<string | null>(null)
  const [categoryId, setCategoryId] = useState<string | null>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const [status, setStatus] = useState({ text: '', failed: false })
  const root = useRef<HTMLDivElement>(null)
  const focusAfter = useFocusAfter(root, data?.version)
  /** The controls that opened the editor, to give focus back to (the first still there). */
  const opener = useRef<readonly string[]>([])

  if (!data) {
    return (
      <p role={loadError ? 'alert' : 'status'} className="admin-menu__loading">
        {loadError ? t('loadFailed') : t('loading')}
      </p>
    )
  }
  const { file } = data
  const menu = file.menus.find((m) => m.id === menuId) ?? file.menus[0]
  if (!menu) return <p>{t('noMenus')}</p>
  const rows = treeRows(menu)
  const selected = rows.find((r) => r.category.id === categoryId) ?? rows[0]
  const price = (minor: number) => formatPrice(minor, restaurant)

  /** Runs a save; the answer is the whole menu. Field errors stay for the open form. */
  const save = async (change: MenuChange, done: string): Promise<AdminMenu | null> => {
    try {
      const saved = await menuSave.mutateAsync(change)
      setErrors(new Map())
      setStatus({ text: done, failed: false })
      return saved
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) {
        setErrors(new Map(failure.fields.map((f) => [formField(f.path), f.message])))
        setStatus({ text: t('notSaved'), failed: true })
      } else {
        const text =
          failure instanceof Error ? `${t('notSaved')} ${failure.message}` : t('notSaved')
        setStatus({ text, failed: true })
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
  const uploadPhoto = (chosen: File) => photoUpload.mutateAsync(chosen)

  const submitDish = (form: DishForm, dishId: string | null) => {
    const dish = dishFromForm({
      ...form,
      id: dishId ?? (form.id || idFromName(form.nameEn || form.nameRu, usedIds(file))),
    })
    // The import's own contract, here first: a bad value is named before anything is sent.
    const parsed = safeParse(dishBody, { categoryId: form.categoryId, dish })
    if (!parsed.success) {
      setErrors(
        new Map(
          parsed.error.issues.map((issue) => [
            formField(['body', ...issue.path.map(String)].join('.')),
            t('invalidValue'),
          ]),
        ),
      )
      setStatus({ text: t('notSaved'), failed: true })
      return
    }
    const body = parsed.data
    void save(
      (client) =>
        dishId
          ? client.callEndpoint(updateAdminDish, { params: { dishId }, body })
          : client.callEndpoint(createAdminDish, { body }),
      t('saved'),
    ).then((saved) => {
      if (!saved) return
      setCategoryId(form.categoryId)
      finish(saved.version)
    })
  }

  const submitCategory = (form: CategoryForm, target: Extract<Editing, { kind: 'category' }>) => {
    const fields = categoryFields(form)
    void save(
      (client) =>
        target.categoryId
          ? client.callEndpoint(updateAdminCategory, {
              params: { categoryId: target.categoryId },
              body: fields,
            })
          : client.callEndpoint(createAdminCategory, {
              body: {
                menuId: menu.id,
                parentId: target.parentId,
                category: { id: idFromName(form.nameEn || form.nameRu, usedIds(file)), ...fields },
              },
            }),
      t('saved'),
    ).then((saved) => {
      if (saved) finish(saved.version)
    })
  }

  const submitMenu = (form: MenuForm, target: Extract<Editing, { kind: 'menu' }>) => {
    const current = file.menus.find((m) => m.id === target.menuId)
    const id =
      target.menuId ?? idFromName(form.nameEn || form.nameRu, new Set(file.menus.map((m) => m.id)))
    void save(
      (client) =>
        client.callEndpoint(saveAdminMenu, {
          params: { menuId: id },
          body: menuFields(form, current),
        }),
      t('saved'),
    ).then((saved) => {
      if (!saved) return
      setMenuId(id)
      if (!target.menuId) setCategoryId(null)
      finish(saved.version)
    })
  }

  const deleteMenu = (menuToGo: typeof menu) => {
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
    void save(
      (client) => client.callEndpoint(deleteAdminMenu, { params: { menuId: menuToGo.id } }),
      t('deleted'),
    ).then((saved) => {
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
    void save(
      (client) => client.callEndpoint(importAdminMenu, { body: chosen }),
      t('imported'),
    ).then((saved) => {
      if (!saved) setEditing(null)
    })
  }

  const editor = () => {
    if (editing?.kind === 'dish') {
      const found = editing.dishId
        ? rows
            .flatMap((r) => r.category.dishes.map((dish) => ({ dish, categoryId: r.category.id })))
            .find((d) => d.dish.id === editing.dishId)
        : undefined
      const homeId = found?.categoryId ?? selected?.category.id ?? ''
      return (
        <DishEditor
          key={editing.dishId ?? 'new'}
          form={formFromDish(found?.dish, homeId)}
          isNew={!editing.dishId}
          file={file}
          errors={errors}
          busy={busy}
          language={language}
          t={t}
          onSubmit={(form) => {
            submitDish(form, editing.dishId)
          }}
          onCancel={() => {
            finish()
          }}
          onDelete={() => {
            const dishId = editing.dishId
            if (!dishId || !window.confirm(t('confirmDeleteDish'))) return
            void save(
              (client) => client.callEndpoint(deleteAdminDish, { params: { dishId } }),
              t('deleted'),
            ).then((saved) => {
              if (saved) finish(saved.version)
            })
          }}
          uploadPhoto={uploadPhoto}
        />
      )
    }
    if (editing?.kind === 'category') {
      const current = editing.categoryId
        ? findCategory(file, editing.categoryId)?.category
        : undefined
      return (
        <CategoryEditor
          key={editing.categoryId ?? `new-${String(editing.parentId)}`}
          title={
            current
              ? t('editCategoryTitle', { name: localized(current.name, language) })
              : t('newCategory')
          }
          initial={{
            nameRu: current?.name.ru ?? '',
            nameEn: current?.name.en ?? '',
            descriptionRu: current?.description?.ru ?? '',
            descriptionEn: current?.description?.en ?? '',
          }}
          errors={errors}
          busy={busy}
          canDelete={Boolean(
            current && current.dishes.length === 0 && current.categories.length === 0,
          )}
          t={t}
          onSubmit={(form) => {
            submitCategory(form, editing)
          }}
          onCancel={() => {
            finish()
          }}
          onDelete={() => {
            const id = editing.categoryId
            if (!id) return
            void save(
              (client) => client.callEndpoint(deleteAdminCategory, { params: { categoryId: id } }),
              t('deleted'),
            ).then((saved) => {
              if (saved) finish(saved.version)
            })
          }}
        />
      )
    }
    if (editing?.kind === 'menu') {
      const current = file.menus.find((m) => m.id === editing.menuId)
      return (
        <MenuEditor
          key={editing.menuId ?? 'new'}
          title={
            current ? t('editMenuTitle', { name: localized(current.name, language) }) : t('newMenu')
          }
          initial={menuFormOf(current)}
          isNew={!current}
          errors={errors}
          busy={busy}
          t={t}
          onSubmit={(form) => {
            submitMenu(form, editing)
          }}
          onCancel={() => {
            finish()
          }}
          onDelete={() => {
            if (current) deleteMenu(current)
          }}
        />
      )
    }
    if (editing?.kind === 'stories') {
      return (
        <StoriesEditor
          file={file}
          errors={errors}
          busy={busy}
          language={language}
          t={t}
          uploadPhoto={uploadPhoto}
          onSave={(stories: StoryFile[]) => {
            void save(
              (client) => client.callEndpoint(saveAdminStories, { body: { stories } }),
              t('saved'),
            )
          }}
        />
      )
    }
    return selected ? (
      <DishList
        category={selected.category}
        busy={busy}
        language={language}
        t={t}
        price={price}
        onEdit={(dishId) => {
          open({ kind: 'dish', dishId }, `dish:${dishId}:name`, 'add-dish')
        }}
        onAdd={() => {
          open({ kind: 'dish', dishId: null }, 'add-dish')
        }}
        onEditCategory={() => {
          open(
            { kind: 'category', categoryId: selected.category.id, parentId: selected.parentId },
            'edit-category',
            'add-category',
          )
        }}
        onOrder={(dishIds, moved) => {
          void save(
            (client) =>
              client.callEndpoint(orderAdminDishes, {
                body: { categoryId: selected.category.id, dishIds },
              }),
            t('orderSaved'),
          ).then((saved) => {
            if (saved && moved) {
              const arrow = arrowAfterMove(dishIds, moved.id, moved.arrow)
              focusAfter([`dish:${moved.id}:${arrow}`], saved.version)
            }
          })
        }}
        onAvailability={(dishId, available) => {
          void save(
            (client) =>
              client.callEndpoint(setAdminDishAvailability, {
                params: { dishId },
                body: { available },
              }),
            available ? t('backOnSale') : t('onStopList'),
          )
        }}
      />
    ) : (
      <p className="admin-menu__empty">{t('noCategories')}</p>
    )
  }

  return (
    <div className="admin-menu" ref={root}>
      <MenuToolbar
        file={file}
        menuId={menu.id}
        language={language}
        t={t}
        onChoose={(id) => {
          setMenuId(id)
          setCategoryId(null)
          leave()
        }}
        onAddMenu={() => {
          open({ kind: 'menu', menuId: null }, 'add-menu')
        }}
        onEditMenu={() => {
          open({ kind: 'menu', menuId: menu.id }, 'edit-menu', 'add-menu')
        }}
        onStories={() => {
          open({ kind: 'stories' }, 'stories')
        }}
        onExport={() => {
          downloadMenuFile(data, `menu-${restaurant.id}.json`)
        }}
        onImport={importFile}
      />
      <p className="admin-menu__status" role="status" data-failed={status.failed || undefined}>
        {status.text}
      </p>
      {editing === null && errors.size > 0 ? (
        <ul className="admin-menu__problems" role="alert">
          {[...errors.entries()].slice(0, 20).map(([path, message]) => (
            <li key={path}>
              <code>{path}</code> {message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="admin-menu__panes">
        <CategoryTree
          menu={menu}
          selectedId={selected?.category.id ?? null}
          busy={busy}
          language={language}
          t={t}
          onSelect={(id) => {
            setCategoryId(id)
            leave()
          }}
          onOrder={(parentId, categoryIds, moved) => {
            void save(
              (client) =>
                client.callEndpoint(orderAdminCategories, {
                  body: { menuId: menu.id, parentId, categoryIds },
                }),
              t('orderSaved'),
            ).then((saved) => {
              if (saved && moved) {
                const arrow = arrowAfterMove(categoryIds, moved.id, moved.arrow)
                focusAfter([`category:${moved.id}:${arrow}`], saved.version)
              }
            })
          }}
          onAdd={(parentId) => {
            open(
              { kind: 'category', categoryId: null, parentId },
              parentId ? `category:${parentId}:add-inside` : 'add-category',
              'add-category',
            )
          }}
        />
        <div className="admin-menu__main">{editor()}</div>
      </div>
    </div>
  )
}
