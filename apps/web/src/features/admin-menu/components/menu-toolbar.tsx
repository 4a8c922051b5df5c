import { useRef } from 'react'
import type { MenuFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'

interface MenuToolbarProps {
  file: MenuFile
  menuId: string
  language: UiLanguage
  t: Translate<AdminMenuMessageKey>
  onChoose: (menuId: string) => void
  onAddMenu: () => void
  onEditMenu: () => void
  onStories: () => void
  onExport: () => void
  /** The text of the file the manager chose to import. */
  onImport: (text: string) => void
}

/** The restaurant's menus as tabs, adding and editing one, and the stories and the file. */
export function MenuToolbar({ file, menuId, language, t, ...on }: MenuToolbarProps) {
  const importInput = useRef<HTMLInputElement>(null)
  return (
    <div className="admin-menu__toolbar">
      <div className="admin-menu__menu-bar">
        <div className="admin-menu__menus" role="group" aria-label={t('menus')}>
          {file.menus.map((m) => (
            <button
              key={m.id}
              type="button"
              className="admin-menu__menu-tab"
              data-focus-key={`menu:${m.id}`}
              aria-pressed={m.id === menuId}
              onClick={() => {
                on.onChoose(m.id)
              }}
            >
              {localized(m.name, language)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={buttonClass('secondary')}
          data-focus-key="edit-menu"
          onClick={on.onEditMenu}
        >
          {t('editMenu')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          data-focus-key="add-menu"
          onClick={on.onAddMenu}
        >
          {t('addMenu')}
        </button>
      </div>
      <div className="admin-menu__file-buttons">
        <button
          type="button"
          className={buttonClass('secondary')}
          data-focus-key="stories"
          onClick={on.onStories}
        >
          {t('stories')}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={on.onExport}>
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
              void chosen.text().then(on.onImport)
              if (importInput.current) importInput.current.value = ''
            }}
          />
        </label>
      </div>
    </div>
  )
}
