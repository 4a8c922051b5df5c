import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminMenuMessages } from '../admin-menu-messages'
import { formFromDish } from '../dish-form'
import type { MenuScreen } from '../hooks/use-menu-screen'
import { findCategory } from '../menu-tree'
import { stationOfCategory } from '../category-station'
import { CategoryEditor } from './category-editor'
import { DishEditor } from './dish-editor'
import { DishList } from './dish-list'
import { MenuEditor, menuFormOf } from './menu-editor'
import { StoriesEditor } from './stories-editor'

/** The menu screen's main pane: the editor that is open, or the chosen category's dishes. */
export function MenuEditorPane({
  screen,
  price,
  timeZone,
}: {
  screen: MenuScreen
  price: (minor: number) => string
  /** The restaurant's, whose clock the stories' periods are picked on. */
  timeZone: string
}) {
  const { t, language } = useMessages(adminMenuMessages)
  const { file, rows, selected, editing, errors, busy, open, finish } = screen

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
        stations={screen.stations}
        stationOf={(categoryId) => stationOfCategory(file, screen.stations, categoryId, null)}
        onSubmit={(form, stationId) => {
          screen.submitDish(form, editing.dishId, stationId)
        }}
        onCancel={() => {
          finish()
        }}
        onDelete={() => {
          screen.deleteDish(editing.dishId)
        }}
        uploadPhoto={screen.uploadPhoto}
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
          stationId: stationOfCategory(file, screen.stations, editing.categoryId, editing.parentId),
          vatRate: current?.vatRate ?? '',
        }}
        stations={screen.stations}
        errors={errors}
        busy={busy}
        canDelete={Boolean(
          current && current.dishes.length === 0 && current.categories.length === 0,
        )}
        t={t}
        onSubmit={(form) => {
          screen.submitCategory(form, editing)
        }}
        onCancel={() => {
          finish()
        }}
        onDelete={() => {
          screen.deleteCategory(editing.categoryId)
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
          screen.submitMenu(form, editing)
        }}
        onCancel={() => {
          finish()
        }}
        onDelete={() => {
          if (current) screen.removeMenu(current)
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
        timeZone={timeZone}
        t={t}
        uploadPhoto={screen.uploadPhoto}
        onSave={screen.saveStories}
      />
    )
  }
  if (!selected) return <p className="admin-menu__empty">{t('noCategories')}</p>
  return (
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
      onOrder={screen.orderDishes}
      onAvailability={screen.setDishAvailability}
    />
  )
}
