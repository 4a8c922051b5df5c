import { useId, useState, type SubmitEvent } from 'react'
import type { AdminMe } from '@tableside/contracts/staff'
import { FormField } from '../../../components/admin/form-field'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useSetTotp, useStartTotp } from '../api/admin-totp'
import { accountMessages, type AccountMessageKey } from '../account-messages'

type Problem = { field: 'password' | 'code' | 'form'; key: AccountMessageKey; seconds?: number }

/** What a refusal of turning the code on or off means for the manager, and where to say it. */
function problemOf(error: Error): Problem {
  if (!isApiError(error)) return { field: 'form', key: 'failed' }
  if (error.code === 'password_wrong') return { field: 'password', key: 'wrongPassword' }
  if (error.code === 'totp_invalid') return { field: 'code', key: 'wrongCode' }
  if (error.code === 'totp_not_started') return { field: 'form', key: 'setupExpired' }
  if (error.code === 'rate_limited') {
    return { field: 'password', key: 'wait', seconds: error.retryAfterSeconds ?? 60 }
  }
  return { field: 'form', key: 'failed' }
}

/**
 * The second step at sign-in (TOTP): turned on by scanning a QR code the server issued into an
 * authenticator app, then typing the password again and a code from the app (issue 27: a token
 * left open on a computer is not enough); off with a current code.
 */
export function TotpSection({ manager }: { manager: AdminMe }) {
  const { t } = useMessages(accountMessages)
  const start = useStartTotp()
  const set = useSetTotp()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const [turnedOn, setTurnedOn] = useState(false)
  const ids = { title: useId(), code: useId(), problem: useId(), startProblem: useId() }
  const enrolment = manager.totpEnabled ? undefined : start.data
  const say = (field: Problem['field']) =>
    problem?.field === field
      ? t(problem.key, problem.seconds === undefined ? undefined : { seconds: problem.seconds })
      : undefined

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setProblem(null)
    if (enrolment && password === '') {
      setProblem({ field: 'password', key: 'passwordMissing' })
      return
    }
    const change = enrolment ? { password, code } : { off: true as const, code }
    set.mutate(change, {
      onSuccess: () => {
        setCode('')
        setPassword('')
        setTurnedOn(enrolment !== undefined)
        start.reset()
      },
      onError: (error) => {
        const next = problemOf(error)
        setProblem(next)
        // The secret this sign-in was given is gone: the manager starts again from the button.
        if (next.key === 'setupExpired') start.reset()
      },
    })
  }

  const codeForm = (label: string, action: string) => (
    <form className="account__form" onSubmit={submit} noValidate>
      {enrolment ? (
        <FormField
          label={t('passwordForTotp')}
          hint={t('passwordForTotpHint')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          problem={say('password')}
        />
      ) : null}
      <label htmlFor={ids.code}>{label}</label>
      <input
        id={ids.code}
        className="account__code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        aria-invalid={problem?.field === 'code' || undefined}
        aria-describedby={ids.problem}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <p className="account__problem" id={ids.problem} role="alert">
        {say('code') ?? say('form') ?? null}
      </p>
      <button
        type="submit"
        className={buttonClass('primary')}
        disabled={code.length !== 6 || set.isPending}
      >
        {action}
      </button>
    </form>
  )

  return (
    <section className="account__section" aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t('totpTitle')}</h3>
      {manager.totpEnabled ? (
        <>
          <p className="account__state account__state--on">{t('totpOn')}</p>
          {turnedOn ? (
            <p className="account__done" role="status">
              {t('totpTurnedOn')}
            </p>
          ) : null}
          {codeForm(t('codeToTurnOff'), t('turnOff'))}
        </>
      ) : enrolment ? (
        <>
          <ol className="account__steps">
            <li>{t('stepScan')}</li>
            <li>{t('stepType')}</li>
          </ol>
          <img
            className="account__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t('qrAlt')}
            width={192}
            height={192}
          />
          <p className="account__secret">
            {t('secretText')} <code>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          {codeForm(t('codeFromApp'), t('turnOn'))}
        </>
      ) : (
        <>
          <p className="account__state">{t('totpOff')}</p>
          {problem?.key === 'setupExpired' ? (
            <p className="account__problem" role="alert">
              {t('setupExpired')}
            </p>
          ) : null}
          <button
            type="button"
            className={`${buttonClass('secondary')} account__start`}
            onClick={() => {
              setProblem(null)
              start.mutate()
            }}
            disabled={start.isPending}
            aria-describedby={ids.startProblem}
          >
            {t('setUp')}
          </button>
          {/* A refusal or no connection: said here, and the button tries again. */}
          <p className="account__problem" id={ids.startProblem} role="alert">
            {start.isError ? t('startFailed') : null}
          </p>
        </>
      )}
    </section>
  )
}
