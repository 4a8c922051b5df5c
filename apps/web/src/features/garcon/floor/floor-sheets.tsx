import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { FloorOrder, FloorSession, FloorTable } from '@tableside/contracts/garcon-floor'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage } from '../../../lib/i18n/use-translation'
import { GarconSheet } from '../components/garcon-sheet'
import { garconTablesQueryOptions } from '../api/get-tables'
import type { FloorAction } from './floor-api'
import { freeTables, orderDue } from './floor-logic'
import type { FloorT } from './floor-messages'
import { OrderSheet } from './order-sheet'
import { RefundSheet, type RefundSheetKind } from './refund-sheet'

/** What the floor asks about before it acts: one sheet at a time. */
export type Sheet =
  | { kind: 'cancel'; order: FloorOrder }
  /** Where the restaurant lets waiters refund: a paid order's cancel, or lines refunded or comped. */
  | { kind: 'refund'; refund: RefundSheetKind; order: FloorOrder }
  | { kind: 'order-cash'; order: FloorOrder }
  | { kind: 'table-cash'; table: FloorTable; session: FloorSession; key: string }
  | { kind: 'close'; table: FloorTable; session: FloorSession }
  | { kind: 'move'; table: FloorTable; session: FloorSession }
  | { kind: 'order'; table: FloorTable; session: FloorSession }

export interface ActionSheetProps {
  sheet: Sheet
  t: FloorT
  money: (minor: number) => string
  restaurantId: string
  floorTables: readonly FloorTable[]
  pending: boolean
  error: string | undefined
  act: (action: FloorAction, done?: (result: unknown) => void) => void
  onClose: () => void
  announce: (text: string) => void
}

export function ActionSheet(props: ActionSheetProps) {
  const { sheet, t, money, pending, error, act, onClose } = props
  const [reason, setReason] = useState('')
  const reasonId = useId()
  const errorLine = error ? (
    <p className="floor__error" role="alert">
      {error}
    </p>
  ) : null
  const back = (
    <button
      type="button"
      className={buttonClass('secondary', { block: true })}
      onClick={onClose}
      disabled={pending}
    >
      {sheet.kind === 'cancel' ? t('cancelKeep') : t('sheetClose')}
    </button>
  )
  const confirmProps = { pending, errorLine, back, onClose }
  switch (sheet.kind) {
    case 'refund':
      return (
        <RefundSheet
          kind={sheet.refund}
          order={sheet.order}
          money={money}
          onClose={onClose}
          announce={props.announce}
        />
      )
    case 'cancel':
      return (
        <GarconSheet
          title={t('cancelTitle', { number: sheet.order.number })}
          text={t('cancelText')}
          onClose={onClose}
        >
          <form
            className="floor-sheet__form"
            onSubmit={(event) => {
              event.preventDefault()
              act({
                kind: 'status',
                orderId: sheet.order.id,
                status: 'cancelled',
                reason: reason.trim(),
              })
            }}
          >
            <label htmlFor={reasonId} className="floor-sheet__label">
              {t('cancelReason')}
            </label>
            <textarea
              id={reasonId}
              className="floor-sheet__input"
              value={reason}
              maxLength={200}
              rows={3}
              required
              onChange={(event) => setReason(event.target.value)}
            />
            {errorLine}
            <div className="take-over-sheet__actions">
              <button
                type="submit"
                className={`${buttonClass('primary', { block: true })} floor__danger-solid`}
                disabled={pending || reason.trim() === ''}
                aria-busy={pending || undefined}
              >
                {pending ? t('working') : t('cancelConfirm')}
              </button>
              {back}
            </div>
          </form>
        </GarconSheet>
      )
    case 'order-cash': {
      const amount = money(orderDue(sheet.order))
      return (
        <ConfirmSheet
          title={t('cashOrderTitle', { number: sheet.order.number })}
          text={t('cashOrderText', { amount })}
          amount={amount}
          confirm={pending ? t('working') : t('cashConfirm', { amount })}
          onConfirm={() => act({ kind: 'order-cash', orderId: sheet.order.id })}
          {...confirmProps}
        />
      )
    }
    case 'table-cash': {
      const amount = money(sheet.session.totals.due)
      return (
        <ConfirmSheet
          title={t('cashTitle', { label: sheet.table.label })}
          text={t('cashText', { amount })}
          amount={amount}
          confirm={pending ? t('working') : t('cashConfirm', { amount })}
          onConfirm={() => act({ kind: 'table-cash', sessionId: sheet.session.id, key: sheet.key })}
          {...confirmProps}
        />
      )
    }
    case 'close':
      return (
        <ConfirmSheet
          title={t('closeTitle', { label: sheet.table.label })}
          text={t('closeText')}
          confirm={pending ? t('working') : t('closeConfirm')}
          onConfirm={() => act({ kind: 'close', sessionId: sheet.session.id })}
          {...confirmProps}
        />
      )
    case 'move':
      return <MoveSheet {...props} sheet={sheet} errorLine={errorLine} back={back} />
    case 'order':
      return (
        <OrderSheet
          table={sheet.table}
          session={sheet.session}
          restaurantId={props.restaurantId}
          t={t}
          money={money}
          pending={pending}
          error={errorLine}
          onClose={onClose}
          onPlace={(lines, comment, key) =>
            act(
              comment === ''
                ? { kind: 'order', sessionId: sheet.session.id, key, lines }
                : { kind: 'order', sessionId: sheet.session.id, key, lines, comment },
              (result) => {
                const number = (result as { number?: number }).number
                if (number !== undefined) {
                  props.announce(t('orderPlaced', { number, label: sheet.table.label }))
                }
              },
            )
          }
        />
      )
  }
}

interface ConfirmSheetProps {
  title: string
  text: string
  /** Shown large above the buttons: what the waiter takes. */
  amount?: string
  confirm: string
  onConfirm: () => void
  pending: boolean
  errorLine: React.ReactNode
  back: React.ReactNode
  onClose: () => void
}

/** A sheet that asks once before an action: cash for an order or the table, closing it. */
function ConfirmSheet(props: ConfirmSheetProps) {
  const { title, text, amount, confirm, onConfirm, pending, errorLine, back, onClose } = props
  return (
    <GarconSheet title={title} text={text} onClose={onClose}>
      {amount ? <p className="floor-sheet__amount">{amount}</p> : null}
      {errorLine}
      <div className="take-over-sheet__actions">
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        {back}
      </div>
    </GarconSheet>
  )
}

function MoveSheet({
  sheet,
  t,
  floorTables,
  pending,
  act,
  onClose,
  errorLine,
  back,
}: ActionSheetProps & {
  sheet: Extract<Sheet, { kind: 'move' }>
  errorLine: React.ReactNode
  back: React.ReactNode
}) {
  const api = useApiClient()
  const language = useLanguage()
  const all = useQuery({ ...garconTablesQueryOptions(api), staleTime: 0 })
  const free = freeTables(all.data?.tables ?? [], floorTables, sheet.table.code)
  const [target, setTarget] = useState<string>()
  return (
    <GarconSheet
      title={t('moveTitle', { label: sheet.table.label })}
      text={t('moveText')}
      onClose={onClose}
    >
      {all.isPending ? (
        <p className="floor__note">{t('loading')}</p>
      ) : all.isError ? (
        <p className="floor__error">{t('loadFailed')}</p>
      ) : free.length === 0 ? (
        <p className="floor__note">{t('moveNone')}</p>
      ) : (
        <ul className="floor-move">
          {free.map((table) => (
            <li key={table.code}>
              <button
                type="button"
                className={buttonClass('secondary', { block: true })}
                disabled={pending}
                aria-busy={(pending && target === table.code) || undefined}
                onClick={() => {
                  setTarget(table.code)
                  act({ kind: 'move', sessionId: sheet.session.id, tableCode: table.code })
                }}
              >
                <span>
                  {pending && target === table.code
                    ? t('working')
                    : t('moveTo', { label: table.label })}
                </span>
                {table.zone ? (
                  <span className="floor-move__zone">{localized(table.zone, language)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {errorLine}
      <div className="take-over-sheet__actions">{back}</div>
    </GarconSheet>
  )
}
