import { useRef, useState, type InputHTMLAttributes, type SubmitEvent } from 'react'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages } from '../admin-staff-messages'
import { FormField } from '../../../components/admin/form-field'
import { useRefusal } from './use-refusal'

/**
 * A window that changes one thing about someone (their PIN, their name): checked as the server
 * checks it before sending, and the server's refusal said beside the field.
 */
export function FieldDialog({
  title,
  text,
  label,
  hint,
  initial = '',
  input,
  check,
  pending,
  onSave,
  onClose,
}: {
  title: string
  text?: string
  label: string
  hint?: string
  initial?: string
  input: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'maxLength'>
  /** What is wrong with the value typed, if anything. */
  check: (value: string) => string | undefined
  pending: boolean
  onSave: (value: string, handlers: { onError: (error: Error) => void }) => void
  onClose: () => void
}) {
  const { t } = useMessages(staffMessages)
  const refusal = useRefusal()
  const [value, setValue] = useState(initial)
  const [problem, setProblem] = useState<string | undefined>()
  const ref = useRef<HTMLInputElement>(null)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const wrong = check(value)
    setProblem(wrong)
    if (wrong) {
      ref.current?.focus()
      return
    }
    onSave(value, { onError: (error) => setProblem(refusal(error)) })
  }

  return (
    <AdminDialog title={title} text={text} onClose={onClose}>
      <form className="staff-form" noValidate onSubmit={submit}>
        <FormField
          {...input}
          label={label}
          hint={hint}
          inputRef={ref}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
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
    </AdminDialog>
  )
}
