import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { garconTablesChanged } from '@tableside/contracts/garcon'
import { garconChannel } from '@tableside/contracts/table-events'
import { Link } from '../../../components/ui/link'
import { useApiClient } from '../../../lib/app-context'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useLanguage } from '../../../lib/i18n/use-translation'
import { localized } from '../../../lib/i18n/localized-text'
import { buttonClass } from '../../../components/ui/button'
import type { Translate } from '../../../lib/i18n/use-translation'
import { garconMeQueryKey } from '../api/garcon-keys'
import { garconTablesQueryOptions } from '../api/get-tables'
import { alertsAt, type AlertFeed } from '../alerts/alert-feed-state'
import type { alertMessages } from '../alerts/alert-messages'
import { TablesIcon } from './garcon-icons'

type T = Translate<keyof (typeof alertMessages)['en']>

export interface MyTablesProps {
  waiterId: string
  /** `GET /garcon/me`'s codes, in the table list's order. */
  tableCodes: readonly string[]
  feed: AlertFeed | undefined
  selectTablesHref: string
  t: T
}

/**
 * The waiter's tables as plain cards with their new alerts: the place the floor (sessions,
 * orders, what is due) takes once the server lists it.
 */
export function MyTables({ waiterId, tableCodes, feed, selectTablesHref, t }: MyTablesProps) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  // Another waiter took some over: the list follows.
  useChannelEvent(garconChannel(waiterId), garconTablesChanged, () => {
    void queryClient.invalidateQueries({ queryKey: garconMeQueryKey })
    void queryClient.invalidateQueries({ queryKey: garconTablesQueryOptions(api).queryKey })
  })
  const language = useLanguage()
  const titleId = useId()
  const tables = useQuery(garconTablesQueryOptions(api))
  const mine = new Set(tableCodes.map((code) => code.toLowerCase()))
  const listed = (tables.data?.tables ?? []).filter((table) => mine.has(table.code.toLowerCase()))
  return (
    <section className="my-tables" aria-labelledby={titleId}>
      <div className="my-tables__head">
        <h2 id={titleId} className="my-tables__title">
          {t('tablesTitle')}
        </h2>
        {tableCodes.length > 0 ? (
          <Link to={selectTablesHref} className="my-tables__change">
            {t('changeTables')}
          </Link>
        ) : null}
      </div>
      {tableCodes.length === 0 ? (
        <div className="my-tables__empty card">
          <p>{t('tablesNone')}</p>
          <Link to={selectTablesHref} className={buttonClass('primary')}>
            {t('chooseTables')}
          </Link>
        </div>
      ) : tables.isError ? (
        <p className="my-tables__empty">{t('tablesFailed')}</p>
      ) : (
        <ul className="my-tables__grid">
          {(tables.data
            ? listed
            : tableCodes.map((code) => ({ code, label: code, zone: null }))
          ).map((table) => {
            const count = alertsAt(feed, table.code)
            return (
              <li key={table.code} className="my-table card" data-alerts={count > 0 || undefined}>
                <TablesIcon size={20} className="my-table__icon" />
                <span className="my-table__label">{table.label}</span>
                {table.zone ? (
                  <span className="my-table__zone">{localized(table.zone, language)}</span>
                ) : null}
                {count > 0 ? (
                  <span className="my-table__alerts">{t('tableAlerts', { count })}</span>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
