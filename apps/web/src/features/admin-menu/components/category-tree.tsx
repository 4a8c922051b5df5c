import { useState, type DragEvent } from 'react'
import type { MenuFileMenu } from '@tableside/contracts/menu-file'
import { MAX_CATEGORY_DEPTH } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { droppedBefore, movedBy, treeRows } from '../menu-tree'

interface CategoryTreeProps {
  menu: MenuFileMenu
  selectedId: string | null
  /** A save is under way: the order stays as it is until it ends. */
  busy: boolean
  language: UiLanguage
  t: Translate<AdminMenuMessageKey>
  onSelect: (categoryId: string) => void
  /**
   * The categories under `parentId`, in their new order (a dragged one may come from elsewhere);
   * `moved` names the category an arrow moved and which arrow, to keep the keyboard on it.
   */
  onOrder: (
    parentId: string | null,
    categoryIds: string[],
    moved?: { id: string; arrow: 'up' | 'down' },
  ) => void
  onAdd: (parentId: string | null) => void
}

const DRAG_TYPE = 'application/x-tableside-category'

/**
 * The menu's categories as a nested list: drag a row onto another to put it before that one, or
 * use the up and down buttons (the keyboard's way, and a phone's).
 */
export function CategoryTree({
  menu,
  selectedId,
  busy,
  language,
  t,
  onSelect,
  onOrder,
  onAdd,
}: CategoryTreeProps) {
  const rows = treeRows(menu)
  const [dropTarget, setDropTarget] = useState<string | null>(null)

  const drop = (event: DragEvent, target: (typeof rows)[number]) => {
    event.preventDefault()
    setDropTarget(null)
    const dragged = event.dataTransfer.getData(DRAG_TYPE)
    const order = dragged && droppedBefore(target.siblingIds, dragged, target.category.id)
    if (order && !busy) onOrder(target.parentId, order)
  }

  return (
    <nav className="admin-menu__tree" aria-label={t('categories')}>
      <ul>
        {rows.map((row) => {
          const { category, depth } = row
          const name = localized(category.name, language)
          const up = movedBy(row.siblingIds, category.id, -1)
          const down = movedBy(row.siblingIds, category.id, 1)
          return (
            <li
              key={category.id}
              className="admin-menu__tree-row"
              data-depth={depth}
              data-drop={dropTarget === category.id || undefined}
              draggable={!busy}
              onDragStart={(event) => {
                event.dataTransfer.setData(DRAG_TYPE, category.id)
                event.dataTransfer.effectAllowed = 'move'
              }}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
                event.preventDefault()
                setDropTarget(category.id)
              }}
              onDragLeave={() => {
                setDropTarget(null)
              }}
              onDrop={(event) => {
                drop(event, row)
              }}
            >
              <span className="admin-menu__grip" aria-hidden="true">
                ⠿
              </span>
              <button
                type="button"
                className="admin-menu__tree-name"
                data-focus-key={`category:${category.id}:name`}
                aria-current={selectedId === category.id ? 'true' : undefined}
                onClick={() => {
                  onSelect(category.id)
                }}
              >
                {name}
                <span className="admin-menu__count">{category.dishes.length}</span>
              </button>
              <span className="admin-menu__row-tools">
                <button
                  type="button"
                  className="admin-menu__icon-button"
                  aria-label={t('moveUp', { name })}
                  data-focus-key={`category:${category.id}:up`}
                  disabled={!up}
                  // Not `disabled` while saving: the button keeps the keyboard's focus.
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (up && !busy) onOrder(row.parentId, up, { id: category.id, arrow: 'up' })
                  }}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="admin-menu__icon-button"
                  aria-label={t('moveDown', { name })}
                  data-focus-key={`category:${category.id}:down`}
                  disabled={!down}
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (down && !busy) {
                      onOrder(row.parentId, down, { id: category.id, arrow: 'down' })
                    }
                  }}
                >
                  ↓
                </button>
                {depth < MAX_CATEGORY_DEPTH ? (
                  <button
                    type="button"
                    className="admin-menu__icon-button"
                    data-focus-key={`category:${category.id}:add-inside`}
                    aria-label={t('addInside', { name })}
                    onClick={() => {
                      onAdd(category.id)
                    }}
                  >
                    +
                  </button>
                ) : null}
              </span>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className="admin-menu__add"
        data-focus-key="add-category"
        onClick={() => {
          onAdd(null)
        }}
      >
        {t('addCategory')}
      </button>
    </nav>
  )
}
