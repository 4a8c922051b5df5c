import { useLayoutEffect, useRef } from 'react'
import type { AdminFloor, AdminTable, AdminZone } from '@tableside/contracts/admin-tables'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useOrderZones, useUpdateTable } from '../api/admin-floor'
import { adminTablesMessages } from '../admin-tables-messages'
import { focusAfterMove, movedBy, type Step } from '../zone-order'
import type { FloorDialog } from './floor-dialog'
import { problemText } from './problem-text'
import { ZoneSection } from './zone-section'

/** The floor's zones in their order (tables in no zone last), with the screen's notices. */
export function FloorZones({
  floor,
  selected,
  onToggle,
  onDialog,
  rotated,
  onPrintOne,
}: {
  floor: AdminFloor
  selected: ReadonlySet<string>
  onToggle: (ids: readonly string[], on: boolean) => void
  onDialog: (dialog: FloorDialog) => void
  /** The table that just got a new code: offer to print it. */
  rotated: AdminTable | null
  onPrintOne: (id: string) => void
}) {
  const { t } = useMessages(adminTablesMessages)
  const update = useUpdateTable()
  const order = useOrderZones()
  const zoneIds = floor.zones.map((zone) => zone.id)
  // The zone just moved: once drawn in its new place, its button takes the focus back (the
  // section moved in the page, and the pressed button may be off at an end).
  const moved = useRef<{ zoneId: string; step: Step; order: string } | null>(null)
  useLayoutEffect(() => {
    const target = moved.current
    if (target?.order !== zoneIds.join()) return
    moved.current = null
    const which = focusAfterMove(zoneIds, target.zoneId, target.step)
    document.getElementById(`zone-${which}-${target.zoneId}`)?.focus()
  })
  const move = (zone: AdminZone, step: Step) => {
    const next = movedBy(zoneIds, zone.id, step)
    if (!next) return
    moved.current = { zoneId: zone.id, step, order: next.join() }
    order.mutate(next, {
      onError: () => {
        moved.current = null
      },
    })
  }
  const groups: { zone: AdminZone | null; tables: AdminTable[] }[] = floor.zones.map((zone) => ({
    zone,
    tables: floor.tables.filter((table) => table.zoneId === zone.id),
  }))
  const loose = floor.tables.filter((table) => table.zoneId === null)
  if (loose.length > 0) groups.push({ zone: null, tables: loose })

  return (
    <>
      {update.isError ? (
        <p className="tables-admin__problem" role="alert">
          {problemText(update.error, t)}
        </p>
      ) : null}
      {order.isError ? (
        <p className="tables-admin__problem" role="alert">
          {problemText(order.error, t)}
        </p>
      ) : null}
      {rotated ? (
        <div className="tables-admin__notice" role="status">
          <p>{t('rotated', { code: rotated.code })}</p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => onPrintOne(rotated.id)}
          >
            {t('printOne')}
          </button>
        </div>
      ) : null}
      {groups.length === 0 ? <p className="tables-admin__status">{t('empty')}</p> : null}
      {groups.map(({ zone, tables }) => (
        <ZoneSection
          key={zone?.id ?? 'none'}
          zone={zone}
          tables={tables}
          first={zone !== null && zoneIds[0] === zone.id}
          last={zone !== null && zoneIds.at(-1) === zone.id}
          selected={selected}
          onToggle={onToggle}
          onDialog={onDialog}
          onMove={(step) => {
            if (zone) move(zone, step)
          }}
          onActive={(table, enabled) => update.mutate({ id: table.id, enabled })}
        />
      ))}
    </>
  )
}
