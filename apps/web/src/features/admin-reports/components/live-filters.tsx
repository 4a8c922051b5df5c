import type { getAdminLive } from '@tableside/contracts/admin-reports'
import type { EndpointResponse } from '@tableside/contracts/endpoint'
import { orderStatus } from '@tableside/contracts/order-status'
import { orderType } from '@tableside/contracts/restaurants'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminReportsMessages } from '../admin-reports-messages'
import type { LiveFilters as Filters } from '../api/admin-live'

/** The live screen's filters: status, type, table, zone and waiter, and a way back to all. */
export function LiveFilters({
  filters,
  data,
  setFilter,
  resetFilters,
}: {
  filters: Filters
  /** The tables, zones and waiters to choose from, once the first answer came. */
  data: Pick<EndpointResponse<typeof getAdminLive>, 'tables' | 'zones' | 'waiters'> | undefined
  setFilter: (name: keyof Filters, value: string) => void
  resetFilters: () => void
}) {
  const { t, language } = useMessages(adminReportsMessages)
  return (
    <form
      className="day-live__filters"
      aria-label={t('filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="day-field">
        <span>{t('status')}</span>
        <select
          value={filters.status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
        >
          <option value="">{t('any')}</option>
          {orderStatus.options.map((status) => (
            <option key={status} value={status}>
              {t(`status_${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="day-field">
        <span>{t('type')}</span>
        <select
          value={filters.type ?? ''}
          onChange={(event) => setFilter('type', event.target.value)}
        >
          <option value="">{t('any')}</option>
          {orderType.options.map((type) => (
            <option key={type} value={type}>
              {t(`type_${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="day-field">
        <span>{t('table')}</span>
        <select
          value={filters.table ?? ''}
          onChange={(event) => setFilter('table', event.target.value)}
        >
          <option value="">{t('any')}</option>
          {data?.tables.map((table) => (
            <option key={table.code} value={table.code}>
              {table.label === table.code ? table.code : `${table.code} · ${table.label}`}
            </option>
          ))}
        </select>
      </label>
      <label className="day-field">
        <span>{t('zone')}</span>
        <select
          value={filters.zone ?? ''}
          onChange={(event) => setFilter('zone', event.target.value)}
        >
          <option value="">{t('any')}</option>
          {data?.zones.map((zone) => (
            <option key={zone.ru} value={zone.ru}>
              {localized(zone, language)}
            </option>
          ))}
        </select>
      </label>
      <label className="day-field">
        <span>{t('waiter')}</span>
        <select
          value={filters.waiter ?? ''}
          onChange={(event) => setFilter('waiter', event.target.value)}
        >
          <option value="">{t('any')}</option>
          {data?.waiters.map((waiter) => (
            <option key={waiter.id} value={waiter.id}>
              {waiter.name}
            </option>
          ))}
        </select>
      </label>
      {Object.keys(filters).length > 0 ? (
        <button type="button" className="day-chip" onClick={resetFilters}>
          {t('reset')}
        </button>
      ) : null}
    </form>
  )
}
