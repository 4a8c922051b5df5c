import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'

/** "Table 1": where an order to the table goes. */
export function TableCard({ label }: { label: string }) {
  const { t } = useMessages(checkoutMessages)
  return (
    <div className="checkout-table">
      <span className="checkout-table__code" aria-hidden="true">
        {label}
      </span>
      <div>
        <p className="checkout-table__title">{t('tableCard', { table: label })}</p>
        <p className="checkout-table__text">{t('tableCardText')}</p>
      </div>
    </div>
  )
}
