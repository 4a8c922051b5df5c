import { useQuery } from '@tanstack/react-query'
import { AdminPage } from '../../../components/admin/admin-page'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'
import { settingsQueryOptions } from '../api/settings-api'
import { SettingsEditor } from './settings-editor'

/** `/rest/{rid}/admin/settings`: loads the settings, then edits them. */
export function SettingsScreen({
  title,
  documentTitle,
  currencySymbol,
}: {
  title: string
  documentTitle: string
  /** Beside the money fields: ₽ for the restaurant's roubles. */
  currencySymbol: string
}) {
  const { t } = useMessages(settingsMessages)
  const api = useApiClient()
  const query = useQuery(settingsQueryOptions(api))
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('intro')}>
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
        <SettingsEditor saved={query.data} currencySymbol={currencySymbol} />
      )}
    </AdminPage>
  )
}
