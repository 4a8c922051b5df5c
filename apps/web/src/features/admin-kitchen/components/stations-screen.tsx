import { useState } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { Link } from '../../../components/ui/link'
import { PageLoading } from '../../../components/ui/page-loading'
import { useMessages } from '../../../lib/i18n/use-translation'
import {
  useMenuForStations,
  useStations,
  useStationsSaveState,
  useUpdateStation,
} from '../api/stations'
import { adminKitchenMessages } from '../admin-kitchen-messages'
import { categoryOptions, reordered, sortedStations } from '../category-options'
import { problemText } from '../problem-text'
import { NewStationForm } from './new-station-form'
import { StationCard } from './station-card'
import { ThresholdsForm } from './thresholds-form'

/** The kitchen's stations, the categories each cooks, and the ticket timer. */
export function StationsScreen({ restaurantId }: { restaurantId: string }) {
  const { t } = useMessages(adminKitchenMessages)
  const stations = useStations()
  const menu = useMenuForStations()
  const move = useUpdateStation()
  const [moving, setMoving] = useState(false)
  const [moved, setMoved] = useState<{ id: string; step: -1 | 1 } | null>(null)
  const saveState = useStationsSaveState()

  if (stations.isPending || menu.isPending) return <PageLoading label={t('saving')} />
  if (stations.isError || menu.isError) {
    return (
      <div className="admin-panel" role="alert">
        <p>{t('loadFailed')}</p>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            void stations.refetch()
            void menu.refetch()
          }}
        >
          {t('retry')}
        </button>
      </div>
    )
  }

  const list = sortedStations(stations.data.stations)
  const options = categoryOptions(menu.data.file, list)
  const names = new Map(list.map((station) => [station.id, station.name]))
  const nextSortOrder = list.reduce((most, station) => Math.max(most, station.sortOrder + 1), 0)

  const onMove = async (id: string, step: -1 | 1) => {
    setMoving(true)
    try {
      for (const change of reordered(list, id, step)) await move.mutateAsync(change)
      setMoved({ id, step })
    } catch {
      // The card says nothing: the status below does.
    } finally {
      setMoving(false)
    }
  }

  return (
    <div className="admin-kitchen">
      <ThresholdsForm thresholds={stations.data.thresholds} />
      <section className="admin-kitchen__stations" aria-labelledby="admin-kitchen-stations">
        <div className="admin-kitchen__stations-head">
          <h2 id="admin-kitchen-stations" className="admin-kitchen__heading">
            {t('stationsTitle')}
          </h2>
          <p className="admin-kitchen__saving" role="status">
            {saveState === 'saving' ? t('saving') : saveState === 'saved' ? t('allSaved') : ''}
          </p>
          <Link
            className={buttonClass('secondary')}
            to={`/rest/${encodeURIComponent(restaurantId)}/kitchen`}
          >
            {t('openDisplay')}
          </Link>
        </div>
        <NewStationForm nextSortOrder={nextSortOrder} />
        {move.isError ? (
          <p className="admin-kitchen__status" role="alert">
            {problemText(move.error, t)}
          </p>
        ) : null}
        {list.length === 0 ? (
          <p className="admin-panel admin-kitchen__text">{t('noStations')}</p>
        ) : (
          <ol className="admin-kitchen__list">
            {list.map((station, index) => (
              <StationCard
                key={station.id}
                station={station}
                names={names}
                options={options}
                first={index === 0}
                last={index === list.length - 1}
                busy={moving}
                focusMove={moved?.id === station.id ? moved : null}
                onMove={(step) => {
                  void onMove(station.id, step)
                }}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
