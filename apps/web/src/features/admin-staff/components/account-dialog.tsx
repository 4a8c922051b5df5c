import { useRef, useState, type SubmitEvent } from 'react'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { staffMessages } from '../admin-staff-messages'
import { useAddStaff, useAddWaiter } from '../api/staff-api'
import {
  accountProblems,
  serverProblems,
  typedLogin,
  type AccountField,
  type AccountForm,
  type AccountKind,
  type AccountProblems,
} from '../staff-form'
import { FormField } from '../../../components/admin/form-field'

const TITLE = { waiter: 'addWaiter', manager: 'addManager', kitchen: 'addKitchen' } as const
const FIELDS: readonly AccountField[] = ['name', 'login', 'secret']

/** Adds a waiter, a manager or a kitchen login; a refused field says why and keeps the rest. */
export function AccountDialog({
  kind,
  onClose,
  onAdded,
}: {
  kind: AccountKind
  onClose: () => void
  onAdded: (name: string) => void
}) {
  const { t } = useMessages(staffMessages)
  const reason = useStaffErrorText()
  const addWaiter = useAddWaiter()
  const addStaff = useAddStaff()
  const pending = addWaiter.isPending || addStaff.isPending
  const [form, setForm] = useState<AccountForm>({ name: '', login: '', secret: '' })
  const [problems, setProblems] = useState<AccountProblems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const loginRef = useRef<HTMLInputElement>(null)
  const secretRef = useRef<HTMLInputElement>(null)

  const refuse = (found: AccountProblems) => {
    setProblems(found)
    const first = FIELDS.find((field) => found[field])
    const refs = { name: nameRef, login: loginRef, secret: secretRef }
    if (first) refs[first].current?.focus()
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const found = accountProblems(kind, form)
    if (Object.keys(found).length > 0) {
      refuse(found)
      return
    }
    setProblems({})
    setFailure(null)
    const name = form.name.trim()
    const login = typedLogin(form.login)
    const handlers = {
      onSuccess: () => onAdded(name),
      onError: (error: Error) => {
        if (!isApiError(error) || error.status === 0) {
          setFailure(t('offline'))
          return
        }
        const fromServer = serverProblems(error.code, error.fields)
        if (Object.keys(fromServer).length > 0) refuse(fromServer)
        else if (error.code === 'validation_failed') setFailure(t('valueRefused'))
        else setFailure(t('failed', { message: reason(error) }))
      },
    }
    if (kind === 'waiter') addWaiter.mutate({ name, login, pin: form.secret }, handlers)
    else if (kind === 'manager')
      addStaff.mutate({ role: 'manager', name, login, password: form.secret }, handlers)
    else addStaff.mutate({ role: 'kitchen', name, login, pin: form.secret }, handlers)
  }

  const set = (field: AccountField) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget
    setForm((current) => ({ ...current, [field]: value }))
  }
  const problem = (field: AccountField) => {
    const key = problems[field]
    return key ? t(key) : undefined
  }
  const isManager = kind === 'manager'

  return (
    <AdminDialog title={t(TITLE[kind])} onClose={onClose}>
      <form className="staff-form" noValidate onSubmit={submit}>
        <FormField
          label={t('name')}
          inputRef={nameRef}
          value={form.name}
          onChange={set('name')}
          autoComplete="off"
          maxLength={100}
          problem={problem('name')}
        />
        <FormField
          label={t('login')}
          hint={t('loginHint')}
          inputRef={loginRef}
          value={form.login}
          onChange={set('login')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          problem={problem('login')}
        />
        <FormField
          label={isManager ? t('password') : t('pin')}
          hint={isManager ? t('passwordHint') : t('pinHint')}
          inputRef={secretRef}
          value={form.secret}
          onChange={set('secret')}
          type={isManager ? 'password' : 'text'}
          inputMode={isManager ? undefined : 'numeric'}
          autoComplete="new-password"
          maxLength={isManager ? 200 : 8}
          problem={problem('secret')}
        />
        {failure ? (
          <p className="staff-form__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="staff-form__actions">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={pending}>
            {pending ? t('saving') : t('add')}
          </button>
        </div>
      </form>
    </AdminDialog>
  )
}
