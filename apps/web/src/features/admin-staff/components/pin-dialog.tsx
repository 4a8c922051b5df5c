import { useRef, useState, type SubmitEvent } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages } from '../admin-staff-messages'
import { FormField } from './form-field'
import { StaffDialog } from './staff-dialog'

/** A new PIN for a waiter or a kitchen login; saving it signs them out everywhere. */
export function PinDialog({
  name,
  pending,
  onSave,
  onClose,
}: {
  name: string
  pending: boolean
  onSave: (pin: string, handlers: { onError: (error: Error) => void }) => void
  onClose: () => void
}) {
  const { t } = useMessages(staffMessages)
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const ref = useRef<HTMLInputElement>(null)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    if (!/^\d{4,8}$/.test(pin)) {
      setProblem(t('pinInvalid'))
      ref.current?.focus()
      return
    }
    setProblem(undefined)
    onSave(pin, {
      onError: (error) =>
        setProblem(
          isApiError(error) && error.status !== 0
            ? t('failed', { message: error.message })
            : t('offline'),
        ),
    })
  }

  return (
    <StaffDialog
      title={t('newPinFor', { name })}
      text={t('newPinHint', { name })}
      onClose={onClose}
    >
      <form className="staff-form" noValidate onSubmit={submit}>
        <FormField
          label={t('pin')}
          hint={t('pinHint')}
          inputRef={ref}
          value={pin}
          onChange={(event) => setPin(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          problem={problem}
        />
        <div className="staff-form__actions">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={pending}>
            {pending ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </StaffDialog>
  )
}
