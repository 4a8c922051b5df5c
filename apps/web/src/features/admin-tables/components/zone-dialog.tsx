import { useState } from 'react'
import type { AdminZone } from '@tableside/contracts/admin-tables'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useCreateZone, useUpdateZone } from '../api/admin-floor'
import { adminTablesMessages } from '../admin-tables-messages'
import { FormDialog, AdminField } from './form-dialog'
import { fieldProblems, problemText } from './problem-text'

interface ZoneDialogProps {
  /** The zone renamed; none: a new one. */
  zone?: AdminZone
  onClose: () => void
}

/** Adds a zone or renames one, in Russian and, if the restaurant likes, English. */
export function ZoneDialog({ zone, onClose }: ZoneDialogProps) {
  const { t, language } = useMessages(adminTablesMessages)
  const create = useCreateZone()
  const update = useUpdateZone()
  const save = zone ? update : create
  const [ru, setRu] = useState(zone?.name.ru ?? '')
  const [en, setEn] = useState(zone?.name.en ?? '')
  const [missing, setMissing] = useState(false)

  const submit = () => {
    setMissing(!ru.trim())
    if (!ru.trim()) return
    const name = { ru: ru.trim(), ...(en.trim() ? { en: en.trim() } : {}) }
    const done = { onSuccess: onClose }
    if (zone) update.mutate({ id: zone.id, name }, done)
    else create.mutate({ name }, done)
  }

  const fromServer = save.isError ? fieldProblems(save.error, t) : {}
  const error = missing ? t('zoneNameMissing') : fromServer.name
  return (
    <FormDialog
      title={zone ? t('zoneTitle', { zone: localized(zone.name, language) }) : t('newZone')}
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
      <AdminField label={t('zoneNameRu')} error={error}>
        {({ id, describedBy }) => (
          <input
            id={id}
            className="admin-input"
            value={ru}
            onChange={(event) => setRu(event.target.value)}
            maxLength={60}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </AdminField>
      <AdminField label={t('zoneNameEn')}>
        {({ id }) => (
          <input
            id={id}
            className="admin-input"
            lang="en"
            value={en}
            onChange={(event) => setEn(event.target.value)}
            maxLength={60}
          />
        )}
      </AdminField>
    </FormDialog>
  )
}
