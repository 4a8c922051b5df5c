import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { garconTablesChanged } from '@tableside/contracts/garcon'
import { garconAlertCreated } from '@tableside/contracts/garcon-alerts'
import { floorOrderChanged, type GarconFloor } from '@tableside/contracts/garcon-floor'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { buttonClass } from '../../../components/ui/button'
import { Link } from '../../../components/ui/link'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { garconMeQueryKey } from '../api/garcon-keys'
import { useNow } from '../alerts/use-now'
import {
  actionId,
  floorKey,
  floorQueryOptions,
  useFloorAction,
  type FloorAction,
} from './floor-api'
import { withoutSession } from './floor-logic'
import { floorMessages } from './floor-messages'
import { ActionSheet, type Sheet } from './floor-sheets'
import type { FloorActions } from './order-row'
import { TableCard } from './table-card'
import { TablelessOrders } from './tableless-orders'
import '../../../components/ui/card.css'

interface FloorProps {
  waiterId: string
  restaurantId: string
  selectTablesHref: string
  money: (minor: number) => string
  /** The restaurant's: the floor's times are on its clock, whatever the phone's zone. */
  timeZone: string
  /** The restaurant cooks prepaid orders before their money arrives (its setting). */
  cooksBeforePaid: boolean
  /** The restaurant lets waiters cancel paid orders, refund and comp (its `waiterRefunds`). */
  refunds: boolean
}

/**
 * The waiter's tables, live: each with its guests' orders, what is due and paid, open calls, and
 * what the waiter does about them. The waiter's channel and every reconnect refetch it.
 */
export function Floor({
  waiterId,
  restaurantId,
  selectTablesHref,
  money,
  timeZone,
  cooksBeforePaid,
  refunds,
}: FloorProps) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(floorMessages)
  const reason = useStaffErrorText()
  const titleId = useId()
  const floor = useQuery(floorQueryOptions(api))
  const channel = garconChannel(waiterId)
  const refetch = () => void queryClient.invalidateQueries({ queryKey: floorKey })
  useChannelEvent(channel, garconAlertCreated, (alert) => {
    // A visit that ended leaves the floor at once; the refetch confirms it.
    const { table } = alert
    if (alert.kind === 'session_ended' && table) {
      queryClient.setQueryData<GarconFloor>(
        floorKey,
        (current) => current && withoutSession(current, table.code, alert.createdAt),
      )
    }
    refetch()
  })
  useChannelEvent(channel, waiterCallUpdated, refetch)
  // A payment started, failed or arrived: the order's row says where its money is now.
  useChannelEvent(channel, floorOrderChanged, refetch)
  useChannelEvent(channel, garconTablesChanged, () => {
    refetch()
    void queryClient.invalidateQueries({ queryKey: garconMeQueryKey })
  })
  useResubscribed(channel, refetch)

  const action = useFloorAction()
  const [sheet, setSheet] = useState<Sheet>()
  const [announcement, setAnnouncement] = useState('')
  const pendingId = action.isPending ? actionId(action.variables) : undefined
  const failedId = action.isError ? actionId(action.variables) : undefined
  const act = (next: FloorAction, done?: (result: unknown) => void) => {
    action.mutate(next, {
      onSuccess: (result) => {
        setSheet(undefined)
        done?.(result)
      },
    })
  }
  const failedHere = (id: string) =>
    failedId === id ? (
      <p className="floor__error" role="alert">
        {t('failed', { message: reason(action.error) })}
      </p>
    ) : null
  const openSheet = (next: Sheet) => {
    action.reset()
    setSheet(next)
  }
  const closeSheet = () => {
    if (!action.isPending) setSheet(undefined)
  }
  const actions: FloorActions = {
    t,
    money,
    pendingId,
    failedHere,
    act,
    openSheet,
    cooksBeforePaid,
    refunds,
  }
  const callTimes = (floor.data?.tables ?? []).flatMap(
    (table) => table.session?.calls.map((call) => call.createdAt) ?? [],
  )
  const now = useNow(callTimes)
  const tables = floor.data?.tables ?? []

  return (
    <section className="floor" aria-labelledby={titleId}>
      <div className="my-tables__head">
        <h2 id={titleId} className="my-tables__title">
          {t('title')}
        </h2>
        {tables.length > 0 ? (
          <Link to={selectTablesHref} className="text-button my-tables__change">
            {t('changeTables')}
          </Link>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {floor.isPending ? (
        <p className="floor__note">{t('loading')}</p>
      ) : floor.isError ? (
        <div className="floor__note card">
          <p>{t('loadFailed')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={refetch}>
            {t('retry')}
          </button>
        </div>
      ) : tables.length === 0 ? (
        <div className="my-tables__empty card">
          <p>{t('none')}</p>
          <Link to={selectTablesHref} className={buttonClass('primary')}>
            {t('chooseTables')}
          </Link>
        </div>
      ) : (
        <ul className="floor__tables">
          {tables.map((table) => (
            <TableCard
              key={table.code}
              table={table}
              now={now}
              timeZone={timeZone}
              actions={actions}
            />
          ))}
        </ul>
      )}
      {floor.data ? (
        <TablelessOrders orders={floor.data.tableless} timeZone={timeZone} actions={actions} />
      ) : null}
      {sheet ? (
        <ActionSheet
          sheet={sheet}
          t={t}
          money={money}
          restaurantId={restaurantId}
          floorTables={tables}
          pending={action.isPending}
          error={action.isError ? t('failed', { message: reason(action.error) }) : undefined}
          act={act}
          onClose={closeSheet}
          announce={setAnnouncement}
        />
      ) : null}
    </section>
  )
}
