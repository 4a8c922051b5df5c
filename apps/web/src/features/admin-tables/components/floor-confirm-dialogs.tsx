import type { AdminTable, AdminZone } from '@tableside/contracts/admin-tables'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useDeleteZone, useRotateTableToken } from '../api/admin-floor'
import { adminTablesMessages } from '../admin-tables-messages'
import { FormDialog } from './form-dialog'
import { problemText } from './problem-text'

/** Asks before a table gets a new QR code (the printed one stops opening it). */
export function RotateDialog({
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
    <FormDialog
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

/** Asks before an empty zone is deleted. */
export function DeleteZoneDialog({ zone, onClose }: { zone: AdminZone; onClose: () => void }) {
  const { t, language } = useMessages(adminTablesMessages)
  const remove = useDeleteZone()
  return (
    <FormDialog
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
