import { useState } from 'react'
import type { CategoryFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { MenuPhoto } from '../../../components/ui/menu-photo'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { droppedBefore, movedBy } from '../menu-tree'
import { untranslatedTexts } from '../translations'

interface DishListProps {
  category: CategoryFile
  /** A save is under way: the stop-list and the order stay as they are until it ends. */
  busy: boolean
  language: UiLanguage
  t: Translate<AdminMenuMessageKey>
  price: (minor: number) => string
  onEdit: (dishId: string) => void
  onAdd: () => void
  onEditCategory: () => void
  /** The new order; `moved` names the dish an arrow moved and which arrow (the keyboard's). */
  onOrder: (dishIds: string[], moved?: { id: string; arrow: 'up' | 'down' }) => void
  /** One tap: on the stop-list or back on sale. */
  onAvailability: (dishId: string, available: boolean) => void
}

const DRAG_TYPE = 'application/x-tableside-dish'

/** A category's dishes: the stop-list switch on each, reorder by drag or by the arrows. */
export function DishList({
  category,
  busy,
  language,
  t,
  price,
  onEdit,
  onAdd,
  onEditCategory,
  onOrder,
  onAvailability,
}: DishListProps) {
  const ids = category.dishes.map((dish) => dish.id)
  const [dropTarget, setDropTarget] = useState<string | null>(null)
  const title = localized(category.name, language)
  return (
    <section className="admin-menu__dishes" aria-labelledby="admin-menu-dishes-title">
      <header className="admin-menu__pane-head">
        <h2 id="admin-menu-dishes-title">{title}</h2>
        <button
          type="button"
          className={buttonClass('secondary')}
          data-focus-key="edit-category"
          onClick={onEditCategory}
        >
          {t('editCategory')}
        </button>
        <button type="button" className={buttonClass()} data-focus-key="add-dish" onClick={onAdd}>
          {t('addDish')}
        </button>
      </header>
      {category.dishes.length === 0 ? <p className="admin-menu__empty">{t('noDishes')}</p> : null}
      <ul className="admin-menu__dish-list">
        {category.dishes.map((dish) => {
          const name = localized(dish.name, language)
          const up = movedBy(ids, dish.id, -1)
          const down = movedBy(ids, dish.id, 1)
          return (
            <li
              key={dish.id}
              className="admin-menu__dish"
              data-sold-out={!dish.available || undefined}
              data-drop={dropTarget === dish.id || undefined}
              draggable={!busy}
              onDragStart={(event) => {
                event.dataTransfer.setData(DRAG_TYPE, dish.id)
              }}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
                event.preventDefault()
                setDropTarget(dish.id)
              }}
              onDragLeave={() => {
                setDropTarget(null)
              }}
              onDrop={(event) => {
                event.preventDefault()
                setDropTarget(null)
                const order = droppedBefore(ids, event.dataTransfer.getData(DRAG_TYPE), dish.id)
                if (order && !busy) onOrder(order)
              }}
            >
              <span className="admin-menu__thumb" style={{ backgroundColor: dish.photo?.color }}>
                {dish.photo ? (
                  <MenuPhoto src={dish.photo.url} sizes="56px" alt="" width={56} height={56} />
                ) : null}
              </span>
              <span className="admin-menu__dish-text">
                <button
                  type="button"
                  className="admin-menu__dish-name"
                  data-focus-key={`dish:${dish.id}:name`}
                  onClick={() => {
                    onEdit(dish.id)
                  }}
                >
                  {name}
                </button>
                <span className="admin-menu__dish-price">{price(dish.price)}</span>
                {untranslatedTexts(dish) > 0 ? (
                  <span className="admin-menu__untranslated">{t('noEnglish')}</span>
                ) : null}
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={dish.available}
                aria-label={t('onSale', { name })}
                className="admin-menu__switch"
                // Not `disabled` while saving: the switch keeps the keyboard's focus.
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (!busy) onAvailability(dish.id, !dish.available)
                }}
              >
                <span aria-hidden="true">{dish.available ? t('selling') : t('stopped')}</span>
              </button>
              <span className="admin-menu__row-tools">
                <button
                  type="button"
                  className="admin-menu__icon-button"
                  aria-label={t('moveUp', { name })}
                  data-focus-key={`dish:${dish.id}:up`}
                  disabled={!up}
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (up && !busy) onOrder(up, { id: dish.id, arrow: 'up' })
                  }}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="admin-menu__icon-button"
                  aria-label={t('moveDown', { name })}
                  data-focus-key={`dish:${dish.id}:down`}
                  disabled={!down}
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (down && !busy) onOrder(down, { id: dish.id, arrow: 'down' })
                  }}
                >
                  ↓
                </button>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
