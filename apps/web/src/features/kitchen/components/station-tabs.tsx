import type { KitchenStation } from '@tableside/contracts/kitchen'
import { useMessages } from '../../../lib/i18n/use-translation'
import { kitchenMessages } from '../kitchen-messages'

/** The tab of every station at once. */
export const ALL = 'all'
/** The tab of dishes whose category has no station. */
export const DEFAULT = 'kitchen'

/**
 * Station filters as a row of toggle buttons (each says how many open tickets it has): a
 * wall tablet by the grill shows the hot station only.
 */
export function StationTabs({
  stations,
  hasDefault,
  counts,
  total,
  shown,
  onShow,
}: {
  stations: readonly KitchenStation[]
  hasDefault: boolean
  counts: ReadonlyMap<string, number>
  total: number
  shown: string
  onShow: (id: string) => void
}) {
  const { t } = useMessages(kitchenMessages)
  const tabs = [
    { id: ALL, name: t('allStations'), count: total },
    ...stations.map((station) => ({
      id: station.id,
      name: station.name,
      count: counts.get(station.id) ?? 0,
    })),
    ...(hasDefault
      ? [{ id: DEFAULT, name: t('defaultStation'), count: counts.get(DEFAULT) ?? 0 }]
      : []),
  ]
  return (
    <nav className="kitchen-tabs" aria-label={t('stationsLabel')}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          className="kitchen-tabs__tab"
          aria-pressed={tab.id === shown}
          onClick={() => onShow(tab.id)}
        >
          {tab.name}
          <span className="kitchen-tabs__count">{tab.count}</span>
        </button>
      ))}
    </nav>
  )
}
