import { create } from 'qrcode'
import { useId, useMemo } from 'react'
import type { AdminTable } from '@tableside/contracts/admin-tables'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { adminTablesMessages } from '../admin-tables-messages'

const QUIET = 4

/**
 * A table's QR code on the screen, to check it with a phone, and its link to copy. Not a link
 * to follow: opening it seats whoever opens it at the table.
 */
export function QrDialog({ table, onClose }: { table: AdminTable; onClose: () => void }) {
  const { t } = useMessages(adminTablesMessages)
  const linkId = useId()
  const code = useMemo(() => {
    const { modules } = create(table.qrLink, { errorCorrectionLevel: 'M' })
    let path = ''
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) path += `M${String(column)} ${String(row)}h1v1h-1z`
      }
    }
    return { size: modules.size + 2 * QUIET, path }
  }, [table.qrLink])
  return (
    <AdminDialog title={t('qrTitle', { code: table.code })} onClose={onClose}>
      <div className="admin-dialog__form">
        <svg
          className="tables-admin__qr"
          role="img"
          aria-label={t('qrImage', { code: table.code })}
          viewBox={`${String(-QUIET)} ${String(-QUIET)} ${String(code.size)} ${String(code.size)}`}
          shapeRendering="crispEdges"
        >
          <rect x={-QUIET} y={-QUIET} width={code.size} height={code.size} fill="#fff" />
          <path d={code.path} fill="#000" />
        </svg>
        <p className="admin-dialog__text">{t('qrHint')}</p>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={linkId}>
            {t('qrLink')}
          </label>
          <input
            id={linkId}
            className="admin-input"
            readOnly
            value={table.qrLink}
            onFocus={(event) => event.target.select()}
          />
        </div>
        <div className="admin-dialog__actions">
          <button type="button" className={buttonClass('secondary')} onClick={onClose} autoFocus>
            {t('close')}
          </button>
        </div>
      </div>
    </AdminDialog>
  )
}
