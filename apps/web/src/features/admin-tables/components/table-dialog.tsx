import { useState } from 'react'
import { MAX_TABLE_SEATS, type AdminTable, type AdminZone } from '@tableside/contracts/admin-tables'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useCreateTable, useUpdateTable } from '../api/admin-floor'
import { adminTablesMessages } from '../admin-tables-messages'
import { FormDialog, AdminField } from './form-dialog'
import { fieldProblems, problemText } from './problem-text'

interface TableDialogProps {
  /** The table edited; none: a new one. */
  table?: AdminTable
  zones: readonly AdminZone[]
  /** The zone a new table goes to. */
  zoneId?: string | null
  onClose: () => void
}

const CODE = /^[A-Za-z0-9_-]{1,32}$/

/** Adds a table or changes one: code, name, zone, seats, whether it takes guests. */
export function TableDialog({ table, zones, zoneId = null, onClose }: TableDialogProps) {
  const { t, language } = useMessages(adminTablesMessages)
  const create = useCreateTable()
  const update = useUpdateTable()
  const save = table ? update : create
  const [code, setCode] = useState(table?.code ?? '')
  const [label, setLabel] = useState(table?.label ?? '')
  const [zone, setZone] = useState(table ? (table.zoneId ?? '') : (zoneId ?? ''))
  const [seats, setSeats] = useState(String(table?.seats ?? 4))
  const [enabled, setEnabled] = useState(table?.enabled ?? true)
  const [checked, setChecked] = useState<Partial<Record<string, string>>>({})

  const submit = () => {
    const seatCount = Number(seats)
    const problems: Partial<Record<string, string>> = {}
    if (!CODE.test(code.trim())) problems.code = t('codeInvalid')
    if (!label.trim()) problems.label = t('labelMissing')
    if (!Number.isInteger(seatCount) || seatCount < 1 || seatCount > MAX_TABLE_SEATS)
      problems.seats = t('seatsInvalid')
    setChecked(problems)
    if (Object.keys(problems).length > 0) return
    const body = {
      code: code.trim(),
      label: label.trim(),
      zoneId: zone || null,
      seats: seatCount,
      enabled,
    }
    const done = { onSuccess: onClose }
    if (table) update.mutate({ id: table.id, ...body }, done)
    else create.mutate(body, done)
  }

  const fromServer = save.isError ? fieldProblems(save.error, t) : {}
  const error = (name: string) => checked[name] ?? fromServer[name]
  return (
    <FormDialog
      title={table ? t('tableTitle', { code: table.code }) : t('newTable')}
      submit={save.isPending ? t('saving') : t('save')}
      cancel={t('cancel')}
      busy={save.isPending}
      // A problem with a field is said at the field; the rest here.
      problem={
        save.isError && Object.keys(fromServer).length === 0 ? problemText(save.error, t) : null
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="admin-dialog__row">
        <AdminField label={t('code')} hint={t('codeHint')} error={error('code')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className="admin-input"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              required
              aria-invalid={error('code') ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </AdminField>
        <AdminField label={t('seats')} error={error('seats')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TABLE_SEATS}
              value={seats}
              onChange={(event) => setSeats(event.target.value)}
              required
              aria-invalid={error('seats') ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </AdminField>
      </div>
      <AdminField label={t('label')} hint={t('labelHint')} error={error('label')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            className="admin-input"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={60}
            required
            aria-invalid={error('label') ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </AdminField>
      <AdminField label={t('zone')} error={error('zoneId')}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className="admin-input"
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            aria-describedby={describedBy}
          >
            <option value="">{t('noZone')}</option>
            {zones.map((option) => (
              <option key={option.id} value={option.id}>
                {localized(option.name, language)}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <span>{t('active_field')}</span>
      </label>
      {error('enabled') ? (
        <p className="admin-field__error" role="alert">
          {error('enabled')}
        </p>
      ) : null}
    </FormDialog>
  )
}
