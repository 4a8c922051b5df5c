import type { Restaurant } from '@tableside/contracts/restaurants'
import { AdminPage } from '../../../components/admin/admin-page'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'
import { useSettings } from '../api/get-settings'
import { FiscalSettingsSection } from './fiscal-settings-editor'
import { PaymentAccountSection } from './payment-account-editor'
import { ProfileSection } from './profile-editor'
import { SettingsEditor } from './settings-editor'

/** `/rest/{rid}/admin/settings`: loads the settings, then edits them. */
export function SettingsScreen({
  title,
  documentTitle,
  currencySymbol,
  restaurant,
}: {
  title: string
  documentTitle: string
  /** Beside the money fields: ₽ for the restaurant's roubles. */
  currencySymbol: string
  /** Money and moments in the failed receipts' list: the restaurant's. */
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
}) {
  const { t } = useMessages(settingsMessages)
  const query = useSettings()
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('intro')}>
      <ProfileSection />
      <PaymentAccountSection />
      <FiscalSettingsSection restaurant={restaurant} />
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
