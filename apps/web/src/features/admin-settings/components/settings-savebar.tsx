import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'

interface SettingsSavebarProps {
  /** What the last action said; empty: the state of the form speaks instead. */
  status: string
  dirty: boolean
  /** Someone else saved since the form started. */
  behind: boolean
  saving: boolean
  /** How many of the manager's changes a conflict put aside; null: no conflict. */
  conflictChanges: number | null
  onRestoreMine: () => void
  onDiscard: () => void
}

/** The bar at the bottom of the settings, always in view: the state of the form and Save. */
export function SettingsSavebar({
  status,
  dirty,
  behind,
  saving,
  conflictChanges,
  onRestoreMine,
  onDiscard,
}: SettingsSavebarProps) {
  const { t } = useMessages(settingsMessages)
  const conflict = conflictChanges !== null
  return (
    <div className="settings-savebar">
      {conflict ? (
        <div className="settings-savebar__conflict" role="alert">
          <p>{t('conflict', { count: conflictChanges })}</p>
          <button type="button" className={buttonClass('secondary')} onClick={onRestoreMine}>
            {t('restoreMine')}
          </button>
        </div>
      ) : null}
      <p className="settings-savebar__status" role="status">
        {status ||
          // The refusal above says what happened; "all saved" beside it would contradict it.
          (conflict ? '' : dirty ? t(behind ? 'unsavedBehind' : 'unsaved') : t('noChanges'))}
      </p>
      <div className="settings-savebar__actions">
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-disabled={!dirty || saving}
          onClick={onDiscard}
        >
          {t('discard')}
        </button>
        <button type="submit" className={buttonClass('primary')} aria-disabled={saving}>
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </div>
  )
}
