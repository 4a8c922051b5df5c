import { useState, type SubmitEvent } from 'react'
import { MANAGER_PASSWORD_LENGTH, passwordWeakness } from '@tableside/contracts/staff'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { FormField } from '../../../components/admin/form-field'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages, type StaffMessageKey } from '../admin-staff-messages'
import { useResetManagerPassword, useResetManagerTotp } from '../api/staff-api'
import type { Row } from './staff-row'
import { useRefusal } from './use-refusal'

type Field = 'password' | 'yourPassword'
type Problem = { field: Field; key: StaffMessageKey; seconds?: number } | { text: string }

/**
 * Takes a colleague's account back (issue 27): a new password to hand over, or their code at
 * sign-in off for a lost phone. Either asks for the acting manager's own password, and signs the
 * colleague out everywhere; the safe choice comes first.
 */
export function ColleagueResetDialog({
  what,
  row,
  onDone,
  onClose,
}: {
  what: 'password' | 'totp'
  row: Row
  onDone: (message: string) => void
  onClose: () => void
}) {
  const { t } = useMessages(staffMessages)
  const refusal = useRefusal()
  const resetPassword = useResetManagerPassword()
  const resetTotp = useResetManagerTotp()
  const pending = resetPassword.isPending || resetTotp.isPending
  const [password, setPassword] = useState('')
  const [yourPassword, setYourPassword] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const say = (field: Field) =>
    problem && 'field' in problem && problem.field === field
      ? t(problem.key, problem.seconds === undefined ? undefined : { seconds: problem.seconds })
      : undefined

  const check = (): Problem | null => {
    if (what === 'password') {
      if (password.length < MANAGER_PASSWORD_LENGTH.min) {
        return { field: 'password', key: 'passwordShort' }
      }
      const weakness = passwordWeakness(password, row.login)
      if (weakness === 'has_login') return { field: 'password', key: 'passwordHasLogin' }
      if (weakness === 'few_different') return { field: 'password', key: 'passwordFewDifferent' }
    }
    if (yourPassword === '') return { field: 'yourPassword', key: 'yourPasswordMissing' }
    return null
  }
  const refused = (error: Error) => {
    if (isApiError(error) && error.code === 'password_wrong') {
      setProblem({ field: 'yourPassword', key: 'wrongYourPassword' })
    } else if (isApiError(error) && error.code === 'rate_limited') {
      const seconds = error.retryAfterSeconds ?? 60
      setProblem({ field: 'yourPassword', key: 'tooManyTries', seconds })
    } else {
      setProblem({ text: refusal(error) })
    }
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const wrong = check()
    setProblem(wrong)
    if (wrong) return
    const onSuccess = ({ signedOut }: { signedOut: number }) =>
      onDone(
        t(what === 'password' ? 'passwordReset' : 'totpReset', {
          name: row.name,
          count: signedOut,
        }),
      )
    if (what === 'password') {
      resetPassword.mutate(
        { staffId: row.id, password, yourPassword },
        { onSuccess, onError: refused },
      )
    } else {
      resetTotp.mutate({ staffId: row.id, yourPassword }, { onSuccess, onError: refused })
    }
  }

  return (
    <AdminDialog
      title={t(what === 'password' ? 'resetPasswordTitle' : 'resetTotpTitle', { name: row.name })}
      text={t(what === 'password' ? 'resetPasswordText' : 'resetTotpText', { name: row.name })}
      onClose={onClose}
    >
      <form className="staff-form" noValidate onSubmit={submit}>
        {what === 'password' ? (
          <FormField
            label={t('newPassword')}
            hint={t('newPasswordHint')}
            type="password"
            autoComplete="new-password"
            maxLength={MANAGER_PASSWORD_LENGTH.max}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            problem={say('password')}
          />
        ) : null}
        <FormField
          label={t('yourPassword')}
          hint={t('yourPasswordHint')}
          type="password"
          autoComplete="current-password"
          value={yourPassword}
          onChange={(event) => setYourPassword(event.currentTarget.value)}
          problem={say('yourPassword')}
        />
        {problem && 'text' in problem ? (
          <p className="staff-form__failure" role="alert">
            {problem.text}
          </p>
        ) : null}
        <div className="staff-form__actions">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className={`${buttonClass('primary')} staff-danger`}
            aria-disabled={pending}
          >
            {pending ? t('saving') : t(what === 'password' ? 'resetPassword' : 'resetTotp')}
          </button>
        </div>
      </form>
    </AdminDialog>
  )
}
