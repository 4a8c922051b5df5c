import { useState, type SubmitEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AdminTable } from '@tableside/contracts/admin-tables'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages } from '../admin-staff-messages'
import { floorQueryOptions, useAssignTables } from '../api/staff-api'
import type { Row } from './staff-row'
import { useRefusal } from './use-refusal'

/**
 * The tables a waiter serves, ticked by zone (issue 30): a table another waiter serves says who,
 * and moves to this one when saved.
 */
export function TablesDialog({
  row,
  servedBy,
  onDone,
  onClose,
}: {
  row: Row
  /** Who else serves a table now, by its code. */
  servedBy: ReadonlyMap<string, string>
  onDone: (message: string) => void
  onClose: () => void
}) {
  const { t, language } = useMessages(staffMessages)
  const floor = useQuery(floorQueryOptions(useApiClient()))
  const assign = useAssignTables()
  const refusal = useRefusal()
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(row.tableCodes ?? []))
  const [problem, setProblem] = useState<string | undefined>()

  const toggle = (code: string) => {
    const next = new Set(chosen)
    if (!next.delete(code)) next.add(code)
    setChosen(next)
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (assign.isPending || !floor.data) return
    // In the floor's order (by zone, then code), as the waiter's own list shows them.
    const tableCodes = floor.data.tables.map((table) => table.code).filter((c) => chosen.has(c))
    assign.mutate(
      { waiterId: row.id, tableCodes },
      {
        onSuccess: () => onDone(t('tablesSaved', { name: row.name })),
        onError: (error) => setProblem(refusal(error)),
      },
    )
  }

  const zones = floor.data
    ? [
        ...floor.data.zones.map((zone) => ({
          id: zone.id,
          name: localized(zone.name, language),
          tables: floor.data.tables.filter((table) => table.zoneId === zone.id),
        })),
        {
          id: 'none',
          name: t('noZone'),
          tables: floor.data.tables.filter((table) => table.zoneId === null),
        },
      ].filter((zone) => zone.tables.length > 0)
    : []
  const tableBox = (table: AdminTable) => {
    const other = servedBy.get(table.code)
    return (
      <li key={table.id}>
        <label className="tables-choice__table">
          <input
            type="checkbox"
            checked={chosen.has(table.code)}
            onChange={() => toggle(table.code)}
          />
          <span className="tables-choice__label">{table.label}</span>
          {other ? (
            <span className="tables-choice__other">{t('servedBy', { name: other })}</span>
          ) : null}
        </label>
      </li>
    )
  }

  return (
    <AdminDialog
      title={t('tablesTitle', { name: row.name })}
      text={t('tablesHint', { name: row.name })}
      onClose={onClose}
    >
      <form className="staff-form" noValidate onSubmit={submit}>
        {floor.isPending ? <p>{t('loading')}</p> : null}
        {floor.isError ? <p role="alert">{t('tablesLoadFailed')}</p> : null}
        {floor.data && zones.length === 0 ? <p>{t('noTablesYet')}</p> : null}
        {zones.map((zone) => (
          <fieldset key={zone.id} className="tables-choice">
            <legend className="tables-choice__zone">{zone.name}</legend>
            <ul className="tables-choice__list">{zone.tables.map(tableBox)}</ul>
          </fieldset>
        ))}
        <p className="staff-form__failure" role="alert">
          {problem}
        </p>
        <div className="staff-form__actions">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className={buttonClass('primary')}
            aria-disabled={assign.isPending || !floor.data}
          >
            {assign.isPending ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </AdminDialog>
  )
}
