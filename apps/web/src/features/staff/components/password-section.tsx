import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { MANAGER_PASSWORD_LENGTH, passwordWeakness, type AdminMe } from '@tableside/contracts/staff'
import { FormField } from '../../../components/admin/form-field'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useChangePassword } from '../api/admin-password'
import { accountMessages, type AccountMessageKey } from '../account-messages'

type Field = 'current' | 'next' | 'repeat' | 'form'
type Problem = { field: Field; key: AccountMessageKey; seconds?: number }

/** What is wrong with the new password, as the server would say it (contracts/staff.ts). */
function newPasswordProblem(next: string, repeat: string, login: string): Problem | null {
  if (next.length < MANAGER_PASSWORD_LENGTH.min) return { field: 'next', key: 'passwordShort' }
  const weakness = passwordWeakness(next, login)
  if (weakness === 'has_login') return { field: 'next', key: 'passwordHasLogin' }
  if (weakness === 'few_different') return { field: 'next', key: 'passwordFewDifferent' }
  if (next !== repeat) return { field: 'repeat', key: 'passwordsDiffer' }
  return null
}

function refusalOf(error: Error): Problem {
  if (!isApiError(error)) return { field: 'form', key: 'failed' }
  switch (error.code) {
    case 'password_wrong':
      return { field: 'current', key: 'wrongPassword' }
    case 'rate_limited':
      return { field: 'current', key: 'wait', seconds: error.retryAfterSeconds ?? 60 }
    case 'weak_password':
      return { field: 'next', key: 'passwordWeak' }
    case 'password_unchanged':
      return { field: 'next', key: 'passwordSame' }
    default:
      return { field: 'form', key: 'failed' }
  }
}

/**
 * The manager's own password, changed for the current one (issue 27); every other device signed
 * in as them is signed out, so a token someone else holds stops working.
 */
export function PasswordSection({ manager }: { manager: AdminMe }) {
  const { t } = useMessages(accountMessages)
  const change = useChangePassword()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState({ current: '', next: '', repeat: '' })
  const [problem, setProblem] = useState<Problem | null>(null)
  const [done, setDone] = useState<number | null>(null)
  const title = useId()
  const first = useRef<HTMLInputElement>(null)
  const say = (field: Field) =>
    problem?.field === field
      ? t(problem.key, problem.seconds === undefined ? undefined : { seconds: problem.seconds })
      : undefined
  // The form opens where the button was: the keyboard goes on from its first field.
  useEffect(() => {
    if (open) first.current?.focus()
  }, [open])
  const field = (name: 'current' | 'next' | 'repeat') => ({
    type: 'password',
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
    problem: say(name),
  })

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (change.isPending) return
    const wrong =
      values.current === ''
        ? { field: 'current' as const, key: 'passwordMissing' as const }
        : newPasswordProblem(values.next, values.repeat, manager.login)
    setProblem(wrong)
    if (wrong) return
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: ({ signedOut }) => {
          setOpen(false)
          setValues({ current: '', next: '', repeat: '' })
          setDone(signedOut)
        },
        onError: (error) => setProblem(refusalOf(error)),
      },
    )
  }

  return (
    <section className="account__section" aria-labelledby={title}>
      <h3 id={title}>{t('passwordTitle')}</h3>
      <p className="account__state">{t('passwordText')}</p>
      {done !== null ? (
        <p className="account__done" role="status">
          {t('passwordChanged', { count: done })}
        </p>
      ) : null}
      {open ? (
        <form className="account__fields" noValidate onSubmit={submit}>
          <FormField
            {...field('current')}
            inputRef={first}
            label={t('currentPassword')}
            autoComplete="current-password"
          />
          <FormField
            {...field('next')}
            label={t('newPassword')}
            hint={t('newPasswordHint')}
            autoComplete="new-password"
            maxLength={MANAGER_PASSWORD_LENGTH.max}
          />
          <FormField
            {...field('repeat')}
            label={t('repeatPassword')}
            autoComplete="new-password"
            maxLength={MANAGER_PASSWORD_LENGTH.max}
          />
          <p className="account__problem" role="alert">
            {say('form') ?? null}
          </p>
          <div className="account__actions">
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                setOpen(false)
                setProblem(null)
              }}
            >
              {t('cancel')}
            </button>
            <button
              type="submit"
              className={buttonClass('primary')}
              aria-disabled={change.isPending}
            >
              {change.isPending ? t('saving') : t('savePassword')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={`${buttonClass('secondary')} account__start`}
          onClick={() => {
            setDone(null)
            setOpen(true)
          }}
        >
          {t('changePassword')}
        </button>
      )}
    </section>
  )
}
