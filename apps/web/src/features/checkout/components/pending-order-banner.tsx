import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { orderProblemMessages } from '../order-problem-messages'

interface PendingOrderBannerProps {
  onResume: () => void
  onDiscard: () => void
}

/** An order sent before the page closed has no answer yet: finish it (same key) or let it go. */
export function PendingOrderBanner({ onResume, onDiscard }: PendingOrderBannerProps) {
  const { t } = useMessages(orderProblemMessages)
  return (
    <section className="pending-order" aria-labelledby="pending-order-title">
      <h2 className="pending-order__title" id="pending-order-title">
        {t('resumeTitle')}
      </h2>
      <p className="pending-order__text">{t('resumeText')}</p>
      <div className="pending-order__actions">
        <button type="button" className={buttonClass('primary')} onClick={onResume}>
          {t('resume')}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDiscard}>
          {t('discard')}
        </button>
      </div>
    </section>
  )
}
