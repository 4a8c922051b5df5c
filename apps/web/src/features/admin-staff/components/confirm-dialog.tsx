import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages } from '../admin-staff-messages'

/** "Deactivate Анна?" with what it does; the safe choice comes first. */
export function ConfirmDialog({
  title,
  text,
  confirm,
  pending,
  problem,
  onConfirm,
  onClose,
}: {
  title: string
  text: string
  confirm: string
  pending: boolean
  problem: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useMessages(staffMessages)
  return (
    <AdminDialog title={title} text={text} onClose={onClose}>
      {problem ? (
        <p className="staff-form__failure" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="staff-form__actions">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className={`${buttonClass('primary')} staff-danger`}
          aria-disabled={pending}
          onClick={() => {
            if (!pending) onConfirm()
          }}
        >
          {pending ? t('saving') : confirm}
        </button>
      </div>
    </AdminDialog>
  )
}
