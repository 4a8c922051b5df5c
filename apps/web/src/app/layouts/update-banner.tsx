import { useState } from 'react'
import { RefreshIcon } from '../../components/ui/icons'
import { useMessages } from '../../lib/i18n/use-translation'
import { useUpdateAvailable } from '../../lib/update-notice'
import { appMessages } from '../app-messages'
import './update-banner.css'

/** A calm, non-blocking note that a newer build is deployed; reloading is the person's call. */
export function UpdateBanner() {
  const available = useUpdateAvailable()
  const [dismissed, setDismissed] = useState(false)
  const { t } = useMessages(appMessages)
  // The live region stays mounted so screen readers announce the banner when it appears.
  return (
    <div role="status">
      {available && !dismissed ? (
        <div className="update-banner">
          <p className="update-banner__text">
            <RefreshIcon size={20} />
            {t('updateAvailable')}
          </p>
          <button
            type="button"
            className="update-banner__button"
            onClick={() => setDismissed(true)}
          >
            {t('updateLater')}
          </button>
          <button
            type="button"
            className="update-banner__button update-banner__button--primary"
            onClick={() => location.reload()}
          >
            {t('updateReload')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
