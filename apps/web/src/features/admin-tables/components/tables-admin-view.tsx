import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import type { AdminFloor, AdminTable, AdminZone } from '@tableside/contracts/admin-tables'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import {
  adminFloorQueryOptions,
  useDeleteZone,
  useOrderZones,
  useRotateTableToken,
  useUpdateTable,
} from '../api/admin-floor'
import { useDownloadQrPdf, type QrPdfRequest } from '../api/download-qr-pdf'
import { adminTablesMessages } from '../admin-tables-messages'
import { AdminDialog } from './admin-dialog'
import { problemText } from './problem-text'
import { TableDialog } from './table-dialog'
import { QrDialog } from './qr-dialog'
import { ZoneDialog } from './zone-dialog'
import { focusAfterMove, movedBy, type Step } from '../zone-order'
import './tables-admin.css'

type Dialog =
  | { kind: 'table'; table?: AdminTable; zoneId?: string | null }
  | { kind: 'zone'; zone?: AdminZone }
  | { kind: 'rotate'; table: AdminTable }
  | { kind: 'delete-zone'; zone: AdminZone }
  | { kind: 'qr'; table: AdminTable }

/**
 * The floor as the manager keeps it (issue 17): zones with their tables, each table's code,
 * name, seats and whether it takes guests, its QR link, a new code for it, and the printing of
 * the chosen codes (or every active table's) as A4 sheets or table tents.
 */
export function TablesAdminView() {
  const { t } = useMessages(adminTablesMessages)
  const api = useApiClient()
  const floor = useQuery(adminFloorQueryOptions(api))
  const [dialog, setDialog] = useState<Dialog | null>(null)
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

function PrintBar({
  count,
  busy,
  failed,
  onPrint,
  onClear,
}: {
  count: number
  busy: boolean
  failed: boolean
  onPrint: (layout: QrPdfRequest['layout']) => void
  onClear: () => void
}) {
  const { t, language } = useMessages(adminTablesMessages)
  return (
    <div className="tables-admin__print" role="group" aria-label={t('printGroup')}>
      <p className="tables-admin__chosen" aria-live="polite">
        {busy
          ? t('printing')
          : count > 0
            ? t(`selected_${pluralCategory(count, language)}`, { count })
            : t('printHint')}
      </p>
      <div className="tables-admin__print-buttons">
        {count > 0 ? (
          <button type="button" className="tables-admin__link-button" onClick={onClear}>
            {t('clearSelection')}
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onPrint('a4')}
        >
          {t('printA4')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onPrint('tent')}
        >
          {t('printTents')}
        </button>
      </div>
      {failed ? (
        <p className="tables-admin__problem" role="alert">
          {t('printFailed')}
        </p>
      ) : null}
    </div>
  )
}

function FloorZones({
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
  onDialog: (dialog: Dialog) => void
  /** The table that just got a new code: offer to print it. */
  rotated: AdminTable | null
  onPrintOne: (id: string) => void
}) {
  const { t, language } = useMessages(adminTablesMessages)
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
      {groups.map(({ zone, tables }) => {
        const name = zone ? localized(zone.name, language) : t('noZone')
        const headingId = `zone-${zone?.id ?? 'none'}`
        const allChosen = tables.length > 0 && tables.every((table) => selected.has(table.id))
        return (
          <section key={headingId} className="tables-admin__zone" aria-labelledby={headingId}>
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
                      disabled={zoneIds[0] === zone.id}
                      onClick={() => move(zone, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      id={`zone-down-${zone.id}`}
                      className="tables-admin__move-button"
                      aria-label={t('moveZoneDown', { zone: name })}
                      disabled={zoneIds.at(-1) === zone.id}
                      onClick={() => move(zone, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                  </span>
                  <div className="tables-admin__zone-actions">
                    <button
                      type="button"
                      className="tables-admin__link-button"
                      onClick={() => onDialog({ kind: 'table', zoneId: zone.id })}
                    >
                      {t('addTable')}
                    </button>
                    <button
                      type="button"
                      className="tables-admin__link-button"
                      onClick={() => onDialog({ kind: 'zone', zone })}
                    >
                      {t('renameZone')}
                    </button>
                    {tables.length === 0 ? (
                      <button
                        type="button"
                        className="tables-admin__link-button tables-admin__link-button--danger"
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
                      onActive={(enabled) => update.mutate({ id: table.id, enabled })}
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
      })}
    </>
  )
}

function TableRow({
  table,
  chosen,
  onChoose,
  onActive,
  onEdit,
  onRotate,
  onShowQr,
}: {
  table: AdminTable
  chosen: boolean
  onChoose: (on: boolean) => void
  onActive: (enabled: boolean) => void
  onEdit: () => void
  onRotate: () => void
  onShowQr: () => void
}) {
  const { t } = useMessages(adminTablesMessages)
  return (
    <tr className="tables-admin__row" data-inactive={table.enabled ? undefined : true}>
      <td className="tables-admin__pick">
        <input
          type="checkbox"
          checked={chosen}
          aria-label={t('chooseTable', { code: table.code })}
          onChange={(event) => onChoose(event.target.checked)}
        />
      </td>
      <td className="tables-admin__code" data-label={t('code')}>
        {table.code}
      </td>
      <td data-label={t('label')}>
        {table.label}
        {table.occupied ? <span className="tables-admin__badge">{t('occupied')}</span> : null}
      </td>
      <td data-label={t('seats')}>{table.seats}</td>
      <td data-label={t('active')}>
        <button
          type="button"
          role="switch"
          className="tables-admin__switch"
          aria-checked={table.enabled}
          aria-label={t('activeSwitch', { code: table.code })}
          onClick={() => onActive(!table.enabled)}
        >
          <span className="tables-admin__thumb" />
        </button>
      </td>
      <td data-label={t('qr')}>
        <button
          type="button"
          className="tables-admin__link-button"
          aria-label={t('showQrFor', { code: table.code })}
          onClick={onShowQr}
        >
          {t('showQr')}
        </button>
      </td>
      <td className="tables-admin__row-actions">
        <div className="tables-admin__row-buttons">
          <button
            type="button"
            className="tables-admin__link-button"
            aria-label={t('editTable', { code: table.code })}
            onClick={onEdit}
          >
            {t('edit')}
          </button>
          <button
            type="button"
            className="tables-admin__link-button"
            aria-label={t('rotateTable', { code: table.code })}
            onClick={onRotate}
          >
            {t('rotate')}
          </button>
        </div>
      </td>
    </tr>
  )
}

function RotateDialog({
  table,
  onRotated,
  onClose,
}: {
  table: AdminTable
  onRotated: (table: AdminTable) => void
  onClose: () => void
}) {
  const { t } = useMessages(adminTablesMessages)
  const rotate = useRotateTableToken()
  return (
    <AdminDialog
      title={t('rotateTitle', { code: table.code })}
      text={t('rotateText')}
      submit={t('rotateConfirm')}
      cancel={t('cancel')}
      busy={rotate.isPending}
      problem={rotate.isError ? problemText(rotate.error, t) : null}
      danger
      onSubmit={() => rotate.mutate(table.id, { onSuccess: onRotated })}
      onClose={onClose}
    />
  )
}

function DeleteZoneDialog({ zone, onClose }: { zone: AdminZone; onClose: () => void }) {
  const { t, language } = useMessages(adminTablesMessages)
  const remove = useDeleteZone()
  return (
    <AdminDialog
      title={t('deleteZoneTitle', { zone: localized(zone.name, language) })}
      text={t('deleteZoneText')}
      submit={t('deleteConfirm')}
      cancel={t('cancel')}
      busy={remove.isPending}
      problem={remove.isError ? problemText(remove.error, t) : null}
      danger
      onSubmit={() => remove.mutate(zone.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  )
}
