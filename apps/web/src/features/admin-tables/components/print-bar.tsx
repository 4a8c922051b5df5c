import { buttonClass } from '../../../components/ui/button'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { QrPdfRequest } from '../api/download-qr-pdf'
import { adminTablesMessages } from '../admin-tables-messages'

/** How many tables are chosen, and the printing of their QR codes (or every active table's). */
export function PrintBar({
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
          <button type="button" className="text-button tables-admin__link-button" onClick={onClear}>
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
