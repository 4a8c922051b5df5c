import { useId, useState } from 'react'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { FailedReceipt } from '@tableside/contracts/receipts'
import { buttonClass } from '../../../components/ui/button'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantClock, restaurantTime } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useFailedReceipts, useRetryReceipt } from '../api/fiscal-settings'
import { fiscalReceiptsMessages } from '../fiscal-receipts-messages'

/** What the failed list writes money and moments with: the restaurant's, whatever the device's. */
export type RestaurantClock = Pick<Restaurant, 'locale' | 'currency' | 'timezone'>

/** The receipts that failed, newest first, each sent again from here when it went to АТОЛ. */
export function FailedReceipts({ restaurant }: { restaurant: RestaurantClock }) {
  const { t } = useMessages(fiscalReceiptsMessages)
  const query = useFailedReceipts()
  const headingId = useId()
  // Said here, not in the row: a receipt sent again leaves the list.
  const [status, setStatus] = useState<string | null>(null)
  return (
    <section className="settings-field--wide fiscal-failed" aria-labelledby={headingId}>
      <h3 id={headingId} className="fiscal-failed__title">
        {t('failedTitle')}
      </h3>
      <p className="settings-field__hint">{t('failedLead')}</p>
      {query.isPending ? (
        <p>{t('failedLoading')}</p>
      ) : query.isError ? (
        <p role="alert">{t('failedLoadFailed')}</p>
      ) : query.data.receipts.length === 0 ? (
        <p className="fiscal-failed__empty">{t('noneFailed')}</p>
      ) : (
        <ul className="fiscal-failed__list">
          {query.data.receipts.map((failed) => (
            <FailedReceiptRow
              key={failed.receipt.id}
              failed={failed}
              restaurant={restaurant}
              onSaid={setStatus}
            />
          ))}
        </ul>
      )}
      <p className="profile-form__status" role="status">
        {status}
      </p>
    </section>
  )
}

function FailedReceiptRow({
  failed,
  restaurant,
  onSaid,
}: {
  failed: FailedReceipt
  restaurant: RestaurantClock
  onSaid: (status: string | null) => void
}) {
  const { t, language } = useMessages(fiscalReceiptsMessages)
  const reason = useStaffErrorText()
  const retry = useRetryReceipt()
  const locale = dateLocale(language)
  const { receipt } = failed
  const when = t('when', {
    day: restaurantTime(failed.createdAt, restaurant.timezone, locale, {
      day: 'numeric',
      month: 'short',
    }),
    time: restaurantClock(failed.createdAt, restaurant.timezone, locale),
  })
  return (
    <li className="fiscal-failed__row">
      <p className="fiscal-failed__what">
        <time dateTime={failed.createdAt}>{when}</time> ·{' '}
        {t('row', {
          kind: t(`kind_${receipt.kind}`),
          total: formatPrice(receipt.total, restaurant),
          order:
            failed.orderNumber === null
              ? t('noOrder')
              : t('orderNumber', { number: failed.orderNumber }),
          contact: receipt.contact,
        })}
      </p>
      <p className="settings-field__hint">
        {t(`via_${failed.via}`)} · {t('attempts', { count: failed.attempts })} ·{' '}
        {failed.error ? t('error', { error: failed.error }) : t('noError')}
      </p>
      <div className="fiscal-failed__actions">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={retry.isPending}
          onClick={() => {
            onSaid(null)
            retry.mutate(receipt.id, {
              onSuccess: () => onSaid(t('retried')),
              onError: (error) => onSaid(t('retryFailed', { message: reason(error) })),
            })
          }}
        >
          {retry.isPending ? t('retrying') : t('retry')}
        </button>
      </div>
    </li>
  )
}
