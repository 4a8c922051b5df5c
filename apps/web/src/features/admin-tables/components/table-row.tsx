import type { AdminTable } from '@tableside/contracts/admin-tables'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminTablesMessages } from '../admin-tables-messages'

/** One table in its zone's grid: chosen for printing, its code, name, seats, switch and links. */
export function TableRow({
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
          className="switch switch--compact"
          aria-checked={table.enabled}
          aria-label={t('activeSwitch', { code: table.code })}
          onClick={() => onActive(!table.enabled)}
        >
          <span className="switch__thumb" />
        </button>
      </td>
      <td data-label={t('qr')}>
        <button
          type="button"
          className="text-button tables-admin__link-button"
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
            className="text-button tables-admin__link-button"
            aria-label={t('editTable', { code: table.code })}
            onClick={onEdit}
          >
            {t('edit')}
          </button>
          <button
            type="button"
            className="text-button tables-admin__link-button"
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
