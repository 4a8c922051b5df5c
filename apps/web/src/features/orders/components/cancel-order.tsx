import { useId, useState } from 'react'
import { ConfirmChoice } from '../../../components/ui/confirm-choice'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useCancelOrder } from '../api/cancel-order'
import './cancel-order.css'

const messages = defineMessages({
  en: {
    cancel: 'Cancel order',
    title: 'Cancel order {number}?',
    text: 'The restaurant has not accepted it yet, so nothing is cooked and nothing is charged.',
    confirm: 'Yes, cancel it',
    keep: 'No, keep it',
    notCancellable:
      'The restaurant has already accepted this order, so it can no longer be cancelled here. Ask your waiter to change it.',
    failed: 'The order was not cancelled: the connection failed. Try again.',
    paymentInProgress:
      'A payment of this order is in progress, so the order cannot be cancelled yet. Cancel the payment first, or wait until it ends (at most 15 minutes).',
    cancelPayment: 'Cancel the payment, then the order',
  },
  ru: {
    cancel: 'Отменить заказ',
    title: 'Отменить заказ № {number}?',
    text: 'Ресторан его ещё не принял: ничего не готовится, и денег никто не спишет.',
    confirm: 'Да, отменить',
    keep: 'Нет, оставить',
    notCancellable:
      'Ресторан уже принял этот заказ, поэтому отменить его здесь нельзя. Попросите официанта изменить его.',
    failed: 'Заказ не отменён: не удалось связаться с рестораном. Попробуйте ещё раз.',
    paymentInProgress:
      'Заказ сейчас оплачивается, поэтому отменить его пока нельзя. Сначала отмените оплату или дождитесь, пока она закончится (не дольше 15 минут).',
    cancelPayment: 'Отменить оплату, затем заказ',
  },
})

/**
 * "Cancel order" while nobody has accepted it: asks first, and says why when it is too late. A
 * payment in progress holds the order (decision 0028): the phone that started it may cancel it
 * first, anyone else waits for it to end.
 */
export function CancelOrder({
  orderId,
  number,
  cancellable,
  onCancelPayment,
}: {
  orderId: string
  number: number
  cancellable: boolean
  onCancelPayment?: (() => Promise<unknown>) | undefined
}) {
  const { t } = useMessages(messages)
  const cancel = useCancelOrder(orderId)
  const [asking, setAsking] = useState(false)
  const [cancellingPayment, setCancellingPayment] = useState(false)
  const refused = isApiError(cancel.error) && cancel.error.code === 'order_not_cancellable'
  const paying = isApiError(cancel.error) && cancel.error.code === 'payment_in_progress'
  return (
    <div className="cancel-order">
      {cancellable ? (
        <button
          type="button"
          className={`${buttonClass('secondary', { block: true })} cancel-order__button`}
          disabled={cancel.isPending}
          onClick={() => setAsking(true)}
        >
          {t('cancel')}
        </button>
      ) : null}
      {cancel.isError ? (
        <p className="cancel-order__error" role="alert">
          {t(paying ? 'paymentInProgress' : refused ? 'notCancellable' : 'failed')}
        </p>
      ) : null}
      {paying && onCancelPayment ? (
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          disabled={cancellingPayment || cancel.isPending}
          onClick={() => {
            setCancellingPayment(true)
            onCancelPayment()
              .then(() => cancel.mutate())
              .catch(() => undefined)
              .finally(() => setCancellingPayment(false))
          }}
        >
          {t('cancelPayment')}
        </button>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('title', { number })}
          text={t('text')}
          confirm={t('confirm')}
          keep={t('keep')}
          onConfirm={() => {
            setAsking(false)
            cancel.mutate()
          }}
          onKeep={() => setAsking(false)}
        />
      ) : null}
    </div>
  )
}

interface ConfirmDialogProps {
  title: string
  text: string
  confirm: string
  keep: string
  onConfirm: () => void
  onKeep: () => void
}

/** A native modal dialog: the page behind is inert, Escape keeps the order. */
function ConfirmDialog({ title, text, confirm, keep, onConfirm, onKeep }: ConfirmDialogProps) {
  const { dialogProps } = useModalDialog(onKeep)
  const titleId = useId()
  const textId = useId()
  return (
    <dialog
      {...dialogProps}
      className="cancel-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <h2 id={titleId} className="cancel-dialog__title">
        {title}
      </h2>
      <p id={textId} className="cancel-dialog__text">
        {text}
      </p>
      <ConfirmChoice
        className="cancel-dialog__actions"
        confirm={confirm}
        keep={keep}
        confirmClassName="cancel-dialog__confirm"
        onConfirm={onConfirm}
        onKeep={onKeep}
      />
    </dialog>
  )
}
