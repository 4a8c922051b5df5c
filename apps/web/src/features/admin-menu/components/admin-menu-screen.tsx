import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { safeParse } from 'zod/mini'
import {
  createAdminCategory,
  createAdminDish,
  deleteAdminCategory,
  deleteAdminDish,
  dishBody,
  importAdminMenu,
  orderAdminCategories,
  orderAdminDishes,
  saveAdminStories,
  setAdminDishAvailability,
  updateAdminCategory,
  updateAdminDish,
  type AdminMenu,
} from '@tableside/contracts/menu-admin'
import type { StoryFile } from '@tableside/contracts/menu-file'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient, useRuntimeConfig } from '../../../lib/app-context'
import { ApiError } from '../../../lib/api-error'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminMenuMessages } from '../admin-menu-messages'
import { readMenuFileForImport } from '../import-file'
import {
  adminMenuQueryOptions,
  downloadMenuFile,
  showSaved,
  uploadPhoto,
} from '../api/admin-menu-api'
import { dishFromForm, formField, formFromDish, type DishForm } from '../dish-form'
import { findCategory, idFromName, treeRows, usedIds } from '../menu-tree'
import '../admin-menu.css'
import { CategoryEditor, categoryFields, type CategoryForm } from './category-editor'
import { CategoryTree } from './category-tree'
import { DishEditor } from './dish-editor'
import { DishList } from './dish-list'
import { StoriesEditor } from './stories-editor'

type Editing =
  | { kind: 'dish'; dishId: string | null }
  | { kind: 'category'; categoryId: string | null; parentId: string | null }
  | { kind: 'stories' }
  | null

/** The back office's menu: categories, dishes with the stop-list, stories, import and export. */
export function AdminMenuScreen({ restaurant }: { restaurant: Restaurant }) {
  const api = useApiClient()
  const { apiBase } = useRuntimeConfig()
  const queryClient = useQueryClient()
  const { t, language } = useMessages(adminMenuMessages)
  const { data, error: loadError } = useQuery(adminMenuQueryOptions(api))
  const [menuId, setMenuId] = useState<string | null>(null)
  const [categoryId, setCategoryId] = useState<string | null>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const importInput = useRef<HTMLInputElement>(null)

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
  const save = async (call: () => Promise<AdminMenu>, done: string): Promise<boolean> => {
    setBusy(true)
    try {
      showSaved(queryClient, await call())
      setErrors(new Map())
      setStatus(done)
      return true
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) {
        setErrors(new Map(failure.fields.map((f) => [formField(f.path), f.message])))
        setStatus(t('notSaved'))
      } else {
        setStatus(failure instanceof Error ? `${t('notSaved')} ${failure.message}` : t('notSaved'))
      }
      return false
    } finally {
      setBusy(false)
    }
  }
  const close = () => {
    setEditing(null)
    setErrors(new Map())
  }

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
      setStatus(t('notSaved'))
      return
    }
    const body = parsed.data
    void save(
      () =>
        dishId
          ? api.callEndpoint(updateAdminDish, { params: { dishId }, body })
          : api.callEndpoint(createAdminDish, { body }),
      t('saved'),
    ).then((ok) => {
      if (ok) {
        setCategoryId(form.categoryId)
        close()
      }
    })
  }

  const submitCategory = (form: CategoryForm, target: Extract<Editing, { kind: 'category' }>) => {
    const fields = categoryFields(form)
    void save(
      () =>
        target.categoryId
          ? api.callEndpoint(updateAdminCategory, {
              params: { categoryId: target.categoryId },
              body: fields,
            })
          : api.callEndpoint(createAdminCategory, {
              body: {
                menuId: menu.id,
                parentId: target.parentId,
                category: { id: idFromName(form.nameEn || form.nameRu, usedIds(file)), ...fields },
              },
            }),
      t('saved'),
    ).then((ok) => {
      if (ok) close()
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
          onCancel={close}
          onDelete={() => {
            const dishId = editing.dishId
            if (!dishId || !window.confirm(t('confirmDeleteDish'))) return
            void save(
              () => api.callEndpoint(deleteAdminDish, { params: { dishId } }),
              t('deleted'),
            ).then((ok) => {
              if (ok) close()
            })
          }}
          onPhoto={async (chosen) => {
            const photo = await uploadPhoto(apiBase, chosen)
            return {
              url: photo.url,
              color: photo.color,
              alt: { ru: chosen.name.replace(/\.\w+$/, '') || 'Фото' },
            }
          }}
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
          onCancel={close}
          onDelete={() => {
            const id = editing.categoryId
            if (!id) return
            void save(
              () => api.callEndpoint(deleteAdminCategory, { params: { categoryId: id } }),
              t('deleted'),
            ).then((ok) => {
              if (ok) close()
            })
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
          onSave={(stories: StoryFile[]) => {
            void save(() => api.callEndpoint(saveAdminStories, { body: { stories } }), t('saved'))
          }}
        />
      )
    }
    return selected ? (
      <DishList
        category={selected.category}
        language={language}
        t={t}
        price={price}
        onEdit={(dishId) => {
          setEditing({ kind: 'dish', dishId })
        }}
        onAdd={() => {
          setEditing({ kind: 'dish', dishId: null })
        }}
        onEditCategory={() => {
          setEditing({
            kind: 'category',
            categoryId: selected.category.id,
            parentId: selected.parentId,
          })
        }}
        onOrder={(dishIds) => {
          void save(
            () =>
              api.callEndpoint(orderAdminDishes, {
                body: { categoryId: selected.category.id, dishIds },
              }),
            t('orderSaved'),
          )
        }}
        onAvailability={(dishId, available) => {
          void save(
            () =>
              api.callEndpoint(setAdminDishAvailability, {
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
    <div className="admin-menu">
      <div className="admin-menu__toolbar">
        <div className="admin-menu__menus" role="group" aria-label={t('menus')}>
          {file.menus.map((m) => (
            <button
              key={m.id}
              type="button"
              className="admin-menu__menu-tab"
              aria-pressed={m.id === menu.id}
              onClick={() => {
                setMenuId(m.id)
                setCategoryId(null)
                close()
              }}
            >
              {localized(m.name, language)}
            </button>
          ))}
        </div>
        <div className="admin-menu__file-buttons">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              setEditing({ kind: 'stories' })
              setErrors(new Map())
            }}
          >
            {t('stories')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              downloadMenuFile(data, `menu-${restaurant.id}.json`)
            }}
          >
            {t('export')}
          </button>
          <label className={`${buttonClass('secondary')} admin-menu__import`}>
            {t('import')}
            <input
              ref={importInput}
              type="file"
              accept="application/json,.json"
              className="visually-hidden"
              onChange={(event) => {
                const chosen = event.target.files?.[0]
                if (!chosen) return
                void chosen.text().then((text) => {
                  const file = readMenuFileForImport(text)
                  if (!file) {
                    setStatus(t('importNotJson'))
                    return
                  }
                  if (!window.confirm(t('confirmImport'))) return
                  void save(
                    () => api.callEndpoint(importAdminMenu, { body: file }),
                    t('imported'),
                  ).then((ok) => {
                    if (!ok) setEditing(null)
                  })
                })
                if (importInput.current) importInput.current.value = ''
              }}
            />
          </label>
        </div>
      </div>
      <p className="admin-menu__status" role="status">
        {status}
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
          language={language}
          t={t}
          onSelect={(id) => {
            setCategoryId(id)
            close()
          }}
          onOrder={(parentId, categoryIds) => {
            void save(
              () =>
                api.callEndpoint(orderAdminCategories, {
                  body: { menuId: menu.id, parentId, categoryIds },
                }),
              t('orderSaved'),
            )
          }}
          onAdd={(parentId) => {
            setEditing({ kind: 'category', categoryId: null, parentId })
            setErrors(new Map())
          }}
        />
        <div className="admin-menu__main">{editor()}</div>
      </div>
    </div>
  )
}
