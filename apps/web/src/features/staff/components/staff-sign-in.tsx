import { useId, useRef, useState, type SubmitEvent } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/status-icons'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffSignIn } from '../api/staff-session'
import { staffMessages } from '../staff-messages'
import type { StaffRole } from '../staff-token-store'

type Problem =
  | 'loginMissing'
  | 'secretMissing'
  | 'pinMissing'
  | 'wrongPassword'
  | 'wrongPin'
  | 'totpRequired'
  | 'totpInvalid'
  | 'wait'
  | 'offline'
  | 'failed'

function problemOf(error: unknown, role: StaffRole): Problem {
  if (!isApiError(error)) return 'failed'
  if (error.code === 'totp_required') return 'totpRequired'
  if (error.code === 'totp_invalid') return 'totpInvalid'
  if (error.status === 401) return role === 'manager' ? 'wrongPassword' : 'wrongPin'
  if (error.status === 429) return 'wait'
  return error.code === 'network_error' ? 'offline' : 'failed'
}

interface StaffSignInProps {
  role: StaffRole
  restaurantId: string
  /** The last session ended on its own (expired, revoked): say so. */
  ended: boolean
}

/**
 * The sign-in window of the back office (login, password, then the TOTP code when the manager
 * turned it on) and of the kitchen display (login and PIN). The token goes in the area's
 * cookie, and the screen asked for is drawn in place of this window.
 */
export function StaffSignIn({ role, restaurantId, ended }: StaffSignInProps) {
  const { t } = useMessages(staffMessages)
  const signIn = useStaffSignIn(role)
  const [login, setLogin] = useState('')
  const [secret, setSecret] = useState('')
  const [totp, setTotp] = useState('')
  const [askTotp, setAskTotp] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const totpRef = useRef<HTMLInputElement>(null)
  const ids = {
    login: useId(),
    secret: useId(),
    totp: useId(),
    totpHint: useId(),
    problem: useId(),
  }
  const manager = role === 'manager'

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing =
      login.trim() === ''
        ? 'loginMissing'
        : manager && secret === ''
          ? 'secretMissing'
          : !manager && !/^\d{4,8}$/.test(secret)
            ? 'pinMissing'
            : null
    setProblem(missing)
    if (missing) return
    signIn.mutate(
      { restaurantId, login, secret, ...(askTotp && totp ? { totp } : {}) },
      {
        onError: (error) => {
          const next = problemOf(error, role)
          if (next === 'totpRequired' || next === 'totpInvalid') {
            setAskTotp(true)
            setTotp('')
            queueMicrotask(() => totpRef.current?.focus())
          }
          setProblem(next)
        },
      },
    )
  }

  const invalid = (field: 'login' | 'secret' | 'totp') =>
    (field === 'login' && problem === 'loginMissing') ||
    (field === 'secret' &&
      (problem === 'secretMissing' ||
        problem === 'pinMissing' ||
        problem === 'wrongPassword' ||
        problem === 'wrongPin')) ||
    (field === 'totp' && problem === 'totpInvalid') ||
    undefined

  return (
    <form className="staff-sign-in" noValidate onSubmit={submit} aria-describedby={ids.problem}>
      {ended ? (
        <div className="staff-sign-in__ended" role="status">
          <strong>{t('endedTitle')}</strong> {t('endedText')}
        </div>
      ) : null}
      <div className="staff-sign-in__field">
        <label htmlFor={ids.login}>{t('login')}</label>
        <input
          id={ids.login}
          className="staff-sign-in__input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          aria-invalid={invalid('login')}
          onChange={(event) => setLogin(event.target.value)}
        />
      </div>
      <div className="staff-sign-in__field">
        <label htmlFor={ids.secret}>{manager ? t('password') : t('pin')}</label>
        <input
          id={ids.secret}
          className="staff-sign-in__input"
          type="password"
          name={manager ? 'password' : 'pin'}
          autoComplete="current-password"
          inputMode={manager ? undefined : 'numeric'}
          maxLength={manager ? 200 : 8}
          value={secret}
          aria-invalid={invalid('secret')}
          onChange={(event) => setSecret(event.target.value)}
        />
      </div>
      {askTotp ? (
        <div className="staff-sign-in__field">
          <label htmlFor={ids.totp}>{t('totp')}</label>
          <input
            ref={totpRef}
            id={ids.totp}
            className="staff-sign-in__input staff-sign-in__input--code"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={totp}
            aria-invalid={invalid('totp')}
            aria-describedby={ids.totpHint}
            onChange={(event) => setTotp(event.target.value.replace(/\D/g, ''))}
          />
          <span className="staff-sign-in__hint" id={ids.totpHint}>
            {t('totpHint')}
          </span>
        </div>
      ) : null}
      <div className="staff-sign-in__problem" id={ids.problem} role="alert">
        {problem ? (
          <>
            <AlertIcon size={18} />
            <span>
              {problem === 'wait'
                ? t('wait', {
                    seconds: isApiError(signIn.error) ? (signIn.error.retryAfterSeconds ?? 60) : 60,
                  })
                : t(problem)}
            </span>
          </>
        ) : null}
      </div>
      <button
        type="submit"
        className={buttonClass('primary', { block: true })}
        aria-busy={signIn.isPending || undefined}
        disabled={signIn.isPending}
      >
        {signIn.isPending ? t('signingIn') : t('signIn')}
      </button>
    </form>
  )
}
