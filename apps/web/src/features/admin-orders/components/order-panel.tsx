import type { OrderDetail } from '@tableside/contracts/refunds'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useAdminOrder } from '../api/admin-order'
import { useOrderPanel, type PanelRestaurant } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'
import { OrderActionForm } from './order-action-form'
import { OrderDishes } from './order-dishes'
import { OrderHistory } from './order-history'
import { OrderPayments } from './order-payments'
import { OrderRefunds } from './order-refunds'
import { OrderSums } from './order-sums'
import './order-panel.css'

/**
 * An order opened from the live view (issue 28, decision 0119): its dishes, payments, tips,
 * points, refunds and history, and what a manager may do with it: refund dishes or an amount,
 * make dishes free, refund a tip, cancel it (asking about the tip), always with a reason.
 */
export function OrderPanel({
  orderId,
  restaurant,
  onClose,
}: {
  orderId: string
  restaurant: PanelRestaurant
  onClose: () => void
}) {
  const { t, language } = useMessages(orderPanelMessages)
  const order = useAdminOrder(orderId)
  const detail = order.data
  return (
    <AdminDialog
      title={detail ? t('title', { number: detail.order.number }) : t('loading')}
      closeLabel={t('close')}
      onClose={onClose}
    >
      {detail ? (
        <OrderBody detail={detail} restaurant={restaurant} language={language} />
      ) : order.isError ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : (
        <p>{t('loading')}</p>
      )}
    </AdminDialog>
  )
}

function OrderBody({
  detail,
  restaurant,
  language,
}: {
  detail: OrderDetail
  restaurant: PanelRestaurant
  language: UiLanguage
}) {
  const panel = useOrderPanel(detail, restaurant, language)
  const { order } = detail
  return (
    <div className="order-panel">
      <OrderSums order={order} panel={panel} />
      <OrderDishes order={order} panel={panel} />
      <OrderPayments detail={detail} panel={panel} />
      <OrderRefunds detail={detail} panel={panel} />
      <OrderHistory history={order.history} panel={panel} />
      {panel.cancelled ? null : (
        <OrderActionForm
          panel={panel}
          tipLeft={detail.payments.some((p) => p.tip > p.tipRefunded)}
        />
      )}
    </div>
  )
}
