import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminTable } from '@tableside/contracts/admin-tables'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminFloorQueryOptions } from '../api/admin-floor'
import { useDownloadQrPdf, type QrPdfRequest } from '../api/download-qr-pdf'
import { adminTablesMessages } from '../admin-tables-messages'
import { DeleteZoneDialog, RotateDialog } from './floor-confirm-dialogs'
import type { FloorDialog } from './floor-dialog'
import { FloorZones } from './floor-zones'
import { PrintBar } from './print-bar'
import { QrDialog } from './qr-dialog'
import { TableDialog } from './table-dialog'
import { ZoneDialog } from './zone-dialog'

/**
 * The floor as the manager keeps it (issue 17): zones with their tables, each table's code,
 * name, seats and whether it takes guests, its QR link, a new code for it, and the printing of
 * the chosen codes (or every active table's) as A4 sheets or table tents.
 */
export function TablesAdminView() {
  const { t } = useMessages(adminTablesMessages)
  const api = useApiClient()
  const floor = useQuery(adminFloorQueryOptions(api))
  const [dialog, setDialog] = useState<FloorDialog | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [rotated, setRotated] = useState<AdminTable | null>(null)
  const print = useDownloadQrPdf()

  if (floor.isPending) return <p className="tables-admin__status">{t('loading')}</p>
  if (floor.isError) {
    return (
      <div className="tables-admin__status" role="alert">
        <p>{t('loadFailed')}</p>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void floor.refetch()}
        >
          {t('retry')}
        </button>
      </div>
    )
  }

  const chosen = floor.data.tables.filter((table) => selected.has(table.id)).map((t) => t.id)
  const printChosen = (layout: QrPdfRequest['layout']) =>
    print.mutate({ layout, ...(chosen.length > 0 ? { tableIds: chosen } : {}) })

  const toggle = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })

  return (
    <div className="tables-admin">
      <div className="tables-admin__toolbar">
        <div className="tables-admin__add">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setDialog({ kind: 'zone' })}
          >
            {t('addZone')}
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => setDialog({ kind: 'table' })}
          >
            {t('addTable')}
          </button>
        </div>
        <PrintBar
          count={chosen.length}
          busy={print.isPending}
          failed={print.isError}
          onPrint={printChosen}
          onClear={() => setSelected(new Set())}
        />
      </div>
      <FloorZones
        floor={floor.data}
        selected={selected}
        onToggle={toggle}
        onDialog={setDialog}
        rotated={rotated}
        onPrintOne={(id) => print.mutate({ layout: 'a4', tableIds: [id] })}
      />
      {dialog?.kind === 'table' ? (
        <TableDialog
          {...(dialog.table ? { table: dialog.table } : {})}
          zoneId={dialog.zoneId ?? null}
          zones={floor.data.zones}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'zone' ? (
        <ZoneDialog
          {...(dialog.zone ? { zone: dialog.zone } : {})}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete-zone' ? (
        <DeleteZoneDialog zone={dialog.zone} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'qr' ? (
        <QrDialog table={dialog.table} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'rotate' ? (
        <RotateDialog
          table={dialog.table}
          onRotated={(table) => {
            setRotated(table)
            setDialog(null)
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  )
}
