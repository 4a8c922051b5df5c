import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { FloorOrder } from '@tableside/contracts/garcon-floor'
import {
  cancelGarconOrder,
  getGarconOrder,
  MAX_REFUND_REASON,
  refundGarconOrder,
  type OrderDetail,
  type RefundLine,
} from '@tableside/contracts/refunds'
import { buttonClass } from '../../../components/ui/button'
import { NumberStepper } from '../../../components/ui/number-stepper'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage, useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { GARCON_KEY } from '../api/garcon-keys'
import { GarconSheet } from '../components/garcon-sheet'
import { floorKey } from './floor-api'
import { refundMessages } from './refund-messages'

/** A paid order cancelled (asking about its tip), or some of its lines refunded or comped. */
export type RefundSheetKind = 'cancel' | 'lines'

interface RefundSheetProps {
  kind: RefundSheetKind
  order: FloorOrder
  money: (minor: number) => string
  onClose: () => void
  announce: (text: string) => void
}

type Mode = 'part' | 'comp'

/** How many of a line may still be refunded or comped. */
const lineLeft = (line: OrderDetail['order']['lines'][number]) =>
  Math.max(0, line.quantity - (line.refundedQuantity ?? 0) - (line.compedQuantity ?? 0))

/**
 * The waiter's refunds (issue 28, decision 0119), where the restaurant's `waiterRefunds` allows
 * them: the order's payments and tips are read first, a cancel of a paid order with a tip asks
 * whether the tip goes back too, and every action needs the reason the diner sees.
 */
export function RefundSheet({ kind, order, money, onClose, announce }: RefundSheetProps) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const language = useLanguage()
  const { t } = useMessages(refundMessages)
  const whyFailed = useStaffErrorText()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const [refundTip, setRefundTip] = useState<boolean>()
  const [mode, setMode] = useState<Mode>('part')
  const [quantities, setQuantities] = useState<Record<number, number>>({})
  const detailKey = [GARCON_KEY, 'order', order.id] as const
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: ({ signal }) =>
      api.callEndpoint(getGarconOrder, { params: { orderId: order.id }, signal }),
  })
  const action = useMutation({
    mutationFn: (
      ask: { cancel: true; refundTip: boolean } | { cancel: false; lines: RefundLine[] },
    ) =>
      ask.cancel
        ? api.callEndpoint(cancelGarconOrder, {
            params: { orderId: order.id },
            body: { reason: reason.trim(), refundTip: ask.refundTip },
          })
        : api.callEndpoint(refundGarconOrder, {
            params: { orderId: order.id },
            body: { kind: mode, lines: ask.lines, reason: reason.trim() },
          }),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailKey, answer)
      announce(
        kind === 'cancel'
          ? t('cancelled', { number: order.number })
          : t('refunded', { number: order.number }),
      )
      onClose()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: floorKey }),
  })

  const tipLeft = (detail.data?.payments ?? []).reduce(
    (sum, payment) => sum + Math.max(0, payment.tip - payment.tipRefunded),
    0,
  )
  const lines = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([line, quantity]) => ({ line: Number(line), quantity }))
  const tipAsked = kind !== 'cancel' || tipLeft === 0 || refundTip !== undefined
  const ready =
    detail.isSuccess &&
    reason.trim() !== '' &&
    tipAsked &&
    (kind === 'cancel' || lines.length > 0) &&
    !action.isPending

  const problem = detail.isError
    ? t('failed', { message: whyFailed(detail.error) })
    : action.isError
      ? t('failed', { message: whyFailed(action.error) })
      : null

  return (
    <GarconSheet
      title={
        kind === 'cancel'
          ? t('cancelTitle', { number: order.number })
          : t('linesTitle', { number: order.number })
      }
      text={t('reasonText')}
      onClose={() => {
        if (!action.isPending) onClose()
      }}
    >
      <form
        className="floor-sheet__form"
        onSubmit={(event) => {
          event.preventDefault()
          if (!ready) return
          action.mutate(
            kind === 'cancel'
              ? { cancel: true, refundTip: refundTip ?? false }
              : { cancel: false, lines },
          )
        }}
      >
        {detail.isPending ? <p className="floor__note">{t('loading')}</p> : null}
        {detail.data ? (
          <p className="floor__note">
            {t('paid', { amount: money(detail.data.refundable) })}
            {tipLeft > 0 ? ` · ${t('tip', { amount: money(tipLeft) })}` : ''}
          </p>
        ) : null}
        {kind === 'cancel' && tipLeft > 0 ? (
          <fieldset className="refund-sheet__choice">
            <legend className="floor-sheet__label">
              {t('tipQuestion', { amount: money(tipLeft) })}
            </legend>
            {([true, false] as const).map((each) => (
              <label key={String(each)} className="refund-sheet__option">
                <input
                  type="radio"
                  name={`${reasonId}-tip`}
                  checked={refundTip === each}
                  onChange={() => setRefundTip(each)}
                />{' '}
                {each ? t('tipBack', { amount: money(tipLeft) }) : t('tipKeep')}
              </label>
            ))}
          </fieldset>
        ) : null}
        {kind === 'lines' && detail.data ? (
          <>
            <fieldset className="refund-sheet__choice">
              <legend className="floor-sheet__label">{t('mode')}</legend>
              {(['part', 'comp'] as const).map((each) => (
                <label key={each} className="refund-sheet__option">
                  <input
                    type="radio"
                    name={`${reasonId}-mode`}
                    checked={mode === each}
                    onChange={() => setMode(each)}
                  />{' '}
                  {t(each === 'part' ? 'modePart' : 'modeComp')}
                </label>
              ))}
            </fieldset>
            <ul className="refund-sheet__lines">
              {detail.data.order.lines.map((line, index) => {
                const left = lineLeft(line)
                const name = localized(line.name, language)
                return (
                  <li key={index} className="order-dish__row">
                    <span className="order-dish__text">
                      <span className="order-dish__name">{name}</span>
                      <span className="order-dish__price">
                        {left > 0
                          ? t('lineLeft', {
                              count: left,
                              price: money(Math.round(line.lineTotal / Math.max(1, line.quantity))),
                            })
                          : t('lineDone')}
                      </span>
                    </span>
                    {left > 0 ? (
                      <NumberStepper
                        value={quantities[index] ?? 0}
                        min={0}
                        max={left}
                        decreaseLabel={t('less', { name })}
                        increaseLabel={t('more', { name })}
                        valueLabel={t('count', { name, count: quantities[index] ?? 0 })}
                        onChange={(value) =>
                          setQuantities((current) => ({ ...current, [index]: value }))
                        }
                      />
                    ) : null}
                  </li>
                )
              })}
            </ul>
          </>
        ) : null}
        <label htmlFor={reasonId} className="floor-sheet__label">
          {t('reason')}
        </label>
        <textarea
          id={reasonId}
          className="floor-sheet__input"
          value={reason}
          maxLength={MAX_REFUND_REASON}
          rows={3}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        {problem ? (
          <p className="floor__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="take-over-sheet__actions">
          <button
            type="submit"
            className={`${buttonClass('primary', { block: true })} floor__danger-solid`}
            disabled={!ready}
            aria-busy={action.isPending || undefined}
          >
            {action.isPending
              ? t('working')
              : kind === 'cancel'
                ? t('cancelConfirm')
                : t(mode === 'part' ? 'partConfirm' : 'compConfirm')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', { block: true })}
            onClick={onClose}
            disabled={action.isPending}
          >
            {kind === 'cancel' ? t('keep') : t('back')}
          </button>
        </div>
      </form>
    </GarconSheet>
  )
}
