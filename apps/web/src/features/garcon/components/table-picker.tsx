import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { garconTablesChanged, type WaiterTable } from '@tableside/contracts/garcon'
import { garconChannel } from '@tableside/contracts/table-events'
import { buttonClass } from '../../../components/ui/button'
import { PageLoading } from '../../../components/ui/page-loading'
import { AlertIcon } from '../../../components/ui/status-icons'
import { CheckCircleIcon } from '../../../components/ui/screen-icons'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { garconTablesQueryKey } from '../api/garcon-tables'
import { garconMeQueryKey } from '../api/garcon-keys'
import { useTablePicks } from '../hooks/use-table-picks'
import { selectTablesMessages } from '../select-tables-messages'
import { useSignedInWaiter } from '../signed-in-waiter'
import { byZone, otherWaiter } from '../table-picks'
import { TakeOverSheet } from './take-over-sheet'
import { WaiterAvatar } from './waiter-avatar'

/**
 * The restaurant's tables by zone, each free, mine or another waiter's (named); a tap takes or
 * lets go, and taking another's asks first. Large tiles in a grid a thumb can cover.
 */
export function TablePicker() {
  const { t, language } = useMessages(selectTablesMessages)
  const waiter = useSignedInWaiter()
  const queryClient = useQueryClient()
  const picks = useTablePicks(waiter)
  const [takenAway, setTakenAway] = useState<string | null>(null)

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: garconTablesQueryKey })
    void queryClient.invalidateQueries({ queryKey: garconMeQueryKey })
  }
  // Tables taken or let go before the channel was listened to (or while offline) show too.
  useResubscribed(garconChannel(waiter.id), refresh)
  // Another waiter took some of mine: the list changes under the waiter's thumb, so say so.
  useChannelEvent(garconChannel(waiter.id), garconTablesChanged, ({ tableCodes, takenBy }) => {
    refresh()
    if (!takenBy) return
    const labels = tableCodes.map(
      (code) => picks.shown?.find((table) => table.code === code)?.label ?? code,
    )
    setTakenAway(
      t(labels.length === 1 ? 'takenAway' : 'takenAwayMany', {
        name: takenBy.name,
        labels: labels.join(', '),
      }),
    )
  })

  if (!picks.shown) {
    if (picks.tables.isError) {
      return (
        <div className="table-picker__problem" role="alert">
          <AlertIcon size={20} />
          <span>{t('loadFailed')}</span>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void picks.tables.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      )
    }
    return <PageLoading label={t('loading')} />
  }

  const mine = picks.shown.filter((table) => table.mine)
  const zones = byZone(picks.shown)
  const problem = picks.problem ? t(picks.problem) : takenAway
  return (
    <div className="table-picker">
      <p className="table-picker__summary" aria-live="polite">
        {mine.length > 0
          ? t('mineCount', { count: mine.map((table) => table.label).join(', ') })
          : t('mineNone')}
      </p>
      <div className="table-picker__problem" role="alert">
        {problem ? (
          <>
            <AlertIcon size={20} />
            <span>{problem}</span>
          </>
        ) : null}
      </div>
      {picks.shown.length === 0 ? <p className="table-picker__empty">{t('noTables')}</p> : null}
      {zones.map((zone) => {
        const name = zone.tables[0]?.zone ? localized(zone.tables[0].zone, language) : t('noZone')
        return (
          <section key={zone.key} className="table-zone" aria-label={name}>
            <h2 className="table-zone__name">{name}</h2>
            <ul className="table-grid">
              {zone.tables.map((table) => (
                <li key={table.code}>
                  <TableTile table={table} meId={waiter.id} onTap={() => picks.tap(table)} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      {picks.question ? (
        <TakeOverSheet
          title={t('askTitle', {
            label: picks.question.table.label,
            name: picks.question.waiter.name,
          })}
          text={t('askText', { name: picks.question.waiter.name })}
          waiterName={picks.question.waiter.name}
          confirm={t('takeOver')}
          keep={t('keep')}
          onConfirm={picks.takeOver}
          onKeep={picks.keep}
        />
      ) : null}
    </div>
  )
}

/** Longer labels than this ("У фонтана", not "12") are set smaller and wrap inside the tile. */
const LONG_LABEL = 4

function TableTile({
  table,
  meId,
  onTap,
}: {
  table: WaiterTable
  meId: string
  onTap: () => void
}) {
  const { t } = useMessages(selectTablesMessages)
  const other = table.mine ? undefined : otherWaiter(table, meId)
  const state = table.mine ? 'mine' : other ? 'other' : 'free'
  return (
    <button
      type="button"
      className="table-tile"
      data-state={state}
      aria-pressed={table.mine}
      onClick={onTap}
    >
      <span className="visually-hidden">{t('table', { label: table.label })}, </span>
      <span
        className="table-tile__label"
        data-long={table.label.length > LONG_LABEL || undefined}
        aria-hidden="true"
      >
        {table.label}
      </span>
      <span className="table-tile__status">
        {state === 'mine' ? (
          <>
            <CheckCircleIcon size={16} />
            {t('mine')}
          </>
        ) : other ? (
          <>
            <WaiterAvatar name={other.name} size="sm" />
            <span aria-hidden="true">{other.name}</span>
            <span className="visually-hidden">{t('servedByLong', { name: other.name })}</span>
          </>
        ) : (
          t('free')
        )}
      </span>
    </button>
  )
}
