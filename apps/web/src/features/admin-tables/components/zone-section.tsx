import type { AdminTable, AdminZone } from '@tableside/contracts/admin-tables'
import { localized } from '../../../lib/i18n/localized-text'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminTablesMessages } from '../admin-tables-messages'
import type { Step } from '../zone-order'
import type { FloorDialog } from './floor-dialog'
import { TableRow } from './table-row'

export interface ZoneSectionProps {
  /** null: the tables in no zone. */
  zone: AdminZone | null
  tables: readonly AdminTable[]
  /** The zone stands first (or last) on the floor: it cannot move further that way. */
  first: boolean
  last: boolean
  selected: ReadonlySet<string>
  onToggle: (ids: readonly string[], on: boolean) => void
  onDialog: (dialog: FloorDialog) => void
  onMove: (step: Step) => void
  onActive: (table: AdminTable, enabled: boolean) => void
}

/** A zone's heading, its order arrows and links, and the grid of its tables. */
export function ZoneSection(props: ZoneSectionProps) {
  const { zone, tables, first, last, selected, onToggle, onDialog, onMove, onActive } = props
  const { t, language } = useMessages(adminTablesMessages)
  const name = zone ? localized(zone.name, language) : t('noZone')
  const headingId = `zone-${zone?.id ?? 'none'}`
  const allChosen = tables.length > 0 && tables.every((table) => selected.has(table.id))
  return (
    <section className="tables-admin__zone" aria-labelledby={headingId}>
      <header className="tables-admin__zone-head">
        <h2 id={headingId} className="tables-admin__zone-title">
          {name}
          <span className="tables-admin__count">
            {t(`tables_${pluralCategory(tables.length, language)}`, {
              count: tables.length,
            })}
          </span>
        </h2>
        {zone ? (
          <>
            <span className="tables-admin__move" role="group" aria-label={t('zoneOrder')}>
              <button
                type="button"
                id={`zone-up-${zone.id}`}
                className="tables-admin__move-button"
                aria-label={t('moveZoneUp', { zone: name })}
                disabled={first}
                onClick={() => onMove(-1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                id={`zone-down-${zone.id}`}
                className="tables-admin__move-button"
                aria-label={t('moveZoneDown', { zone: name })}
                disabled={last}
                onClick={() => onMove(1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </span>
            <div className="tables-admin__zone-actions">
              <button
                type="button"
                className="text-button tables-admin__link-button"
                onClick={() => onDialog({ kind: 'table', zoneId: zone.id })}
              >
                {t('addTable')}
              </button>
              <button
                type="button"
                className="text-button tables-admin__link-button"
                onClick={() => onDialog({ kind: 'zone', zone })}
              >
                {t('renameZone')}
              </button>
              {tables.length === 0 ? (
                <button
                  type="button"
                  className="text-button tables-admin__link-button tables-admin__link-button--danger"
                  onClick={() => onDialog({ kind: 'delete-zone', zone })}
                >
                  {t('deleteZone')}
                </button>
              ) : null}
            </div>
          </>
        ) : null}
      </header>
      {tables.length === 0 ? (
        <p className="tables-admin__empty">{t('emptyZone')}</p>
      ) : (
        <table className="tables-admin__grid">
          <thead>
            <tr>
              <th scope="col" className="tables-admin__pick">
                <label className="tables-admin__pick-all">
                  <input
                    type="checkbox"
                    checked={allChosen}
                    aria-label={t('chooseZone', { zone: name })}
                    onChange={(event) =>
                      onToggle(
                        tables.map((table) => table.id),
                        event.target.checked,
                      )
                    }
                  />
                  {/* On a phone the column's headings are hidden: the box says what it does. */}
                  <span className="tables-admin__pick-all-text" aria-hidden="true">
                    {t('chooseAll')}
                  </span>
                </label>
              </th>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('label')}</th>
              <th scope="col">{t('seats')}</th>
              <th scope="col">{t('active')}</th>
              <th scope="col">{t('qr')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.map((table) => (
              <TableRow
                key={table.id}
                table={table}
                chosen={selected.has(table.id)}
                onChoose={(on) => onToggle([table.id], on)}
                onActive={(enabled) => onActive(table, enabled)}
                onEdit={() => onDialog({ kind: 'table', table })}
                onRotate={() => onDialog({ kind: 'rotate', table })}
                onShowQr={() => onDialog({ kind: 'qr', table })}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
