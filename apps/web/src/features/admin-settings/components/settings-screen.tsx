import { useQuery } from '@tanstack/react-query'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'
import { settingsQueryOptions } from '../api/settings-api'
import { SettingsEditor } from './settings-editor'
import '../admin-settings.css'

/** `/rest/{rid}/admin/settings`: loads the settings, then edits them. */
export function SettingsScreen() {
  const { t } = useMessages(settingsMessages)
  const api = useApiClient()
  const query = useQuery(settingsQueryOptions(api))
  return (
    <div className="settings-screen">
      <header className="settings-screen__header">
        <h1 className="settings-screen__title">{t('title')}</h1>
        <p className="settings-screen__intro">{t('intro')}</p>
      </header>
      {query.isPending ? (
        <p className="settings-screen__state">{t('loading')}</p>
      ) : query.isError ? (
        <div className="settings-screen__state" role="alert">
          <p>{t('loadFailed')}</p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void query.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <SettingsEditor saved={query.data} />
      )}
    </div>
  )
}
