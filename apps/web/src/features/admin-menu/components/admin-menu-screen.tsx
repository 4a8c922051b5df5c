import { useRef } from 'react'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { formatPrice } from '../../../lib/format-price'
import { pluralCategory, type PluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminMenuMessages, type AdminMenuMessageKey } from '../admin-menu-messages'
import { downloadMenuFile } from '../download-menu-file'
import { useMenuScreen } from '../hooks/use-menu-screen'
import { untranslatedDishes } from '../translations'
import { CategoryTree } from './category-tree'
import { MenuEditorPane } from './menu-editor-pane'
import { MenuToolbar } from './menu-toolbar'

const UNTRANSLATED: Record<PluralCategory, AdminMenuMessageKey> = {
  one: 'untranslatedOne',
  few: 'untranslatedFew',
  many: 'untranslatedMany',
  other: 'untranslatedOther',
}

/**
 * The back office's menu: menus, categories, dishes with the stop-list, stories, import and
 * export. Saves go one at a time; the controls that save wait while one is under way, and keep
 * the keyboard's focus through it (`useMenuScreen`).
 */
export function AdminMenuScreen({ restaurant }: { restaurant: Restaurant }) {
  const { t, language } = useMessages(adminMenuMessages)
  const root = useRef<HTMLDivElement>(null)
  const screen = useMenuScreen(root)
  if (screen.state === 'loading') {
    return (
      <p role={screen.loadError ? 'alert' : 'status'} className="admin-menu__loading">
        {screen.loadError ? t('loadFailed') : t('loading')}
      </p>
    )
  }
  if (screen.state === 'no-menus') {
    return (
      <div className="admin-menu__start">
        <p>{t('noMenus')}</p>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={screen.busy}
          onClick={screen.startMenu}
        >
          {t('startMenu')}
        </button>
        <p
          className="admin-menu__status"
          role="status"
          data-failed={screen.status.failed || undefined}
        >
          {screen.status.text}
        </p>
      </div>
    )
  }
  const { file, menu, selected, editing, errors, status, busy, open } = screen
  const untranslated = untranslatedDishes(menu).length

  return (
    <div className="admin-menu" ref={root}>
      <MenuToolbar
        file={file}
        menuId={menu.id}
        language={language}
        t={t}
        onChoose={screen.chooseMenu}
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
          downloadMenuFile(screen.data, `menu-${restaurant.id}.json`)
        }}
        onImport={screen.importFile}
      />
      <p className="admin-menu__status" role="status" data-failed={status.failed || undefined}>
        {status.text}
      </p>
      {untranslated > 0 ? (
        <p className="admin-menu__translations">
          {t(UNTRANSLATED[pluralCategory(untranslated, language)], { count: untranslated })}
        </p>
      ) : null}
      {editing === null && errors.size > 0 ? (
        <div role="alert">
          <ul className="admin-menu__problems">
            {[...errors.entries()].slice(0, 20).map(([path, message]) => (
              <li key={path}>
                <code>{path}</code> {message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="admin-menu__panes">
        <CategoryTree
          menu={menu}
          selectedId={selected?.category.id ?? null}
          busy={busy}
          language={language}
          t={t}
          onSelect={screen.chooseCategory}
          onOrder={screen.orderCategories}
          onAdd={(parentId) => {
            open(
              { kind: 'category', categoryId: null, parentId },
              parentId ? `category:${parentId}:add-inside` : 'add-category',
              'add-category',
            )
          }}
        />
        <div className="admin-menu__main">
          <MenuEditorPane
            screen={screen}
            price={(minor) => formatPrice(minor, restaurant)}
            timeZone={restaurant.timezone}
          />
        </div>
      </div>
    </div>
  )
}
