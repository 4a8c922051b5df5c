import type { OrderReceipt } from '@tableside/contracts/receipts'
import { useMessages } from '../../../lib/i18n/use-translation'
import { orderPanelMessages } from '../order-panel-messages'

/** A payment's or a refund's 54-FZ receipt: its sum, where it went and how far it got. */
export function ReceiptLine({
  receipt,
  price,
}: {
  receipt: OrderReceipt | undefined
  price: (minor: number) => string
}) {
  const { t } = useMessages(orderPanelMessages)
  if (!receipt) return null
  return (
    <span className="order-panel__receipt" data-state={receipt.state}>
      {t(receipt.kind === 'sell' ? 'receipt' : 'receiptRefund', {
        total: price(receipt.total),
        contact: receipt.contact,
        state:
          receipt.state === 'sent'
            ? t(
                receipt.via === 'atol'
                  ? 'receipt_sent_atol'
                  : receipt.kind === 'sell'
                    ? 'receipt_sent_acquirer'
                    : 'receipt_sent_acquirer_refund',
              )
            : t(`receipt_${receipt.state}`),
      })}
      {receipt.state === 'failed' && receipt.error ? t('receiptWhy', { error: receipt.error }) : ''}
      {receipt.state === 'failed' && receipt.via === 'atol' ? ` ${t('receiptFailedHint')}` : ''}
    </span>
  )
}
