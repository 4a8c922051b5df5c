import { useEffect, useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router'
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@tableside/contracts/client'
import { buttonClass } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { isCompletePhone, phoneMaskOptions, useMaskInput } from '../../../lib/masks'
import { useRequestCode, useVerifyCode } from '../api/client-sign-in'
import { clientMessages } from '../client-messages'
import { otpProblem, secondsUntil } from '../otp-problem'
import { shownPhone } from '../shown-phone'
import { ClientField } from './client-field'
import '../client.css'

/** A clock that ticks each second while `running`: the resend countdown. */
function useSecondsClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return undefined
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return now
}

const toE164 = (masked: string) => `+${masked.replace(/\D/g, '')}`

/**
 * Phone (masked), consent, then the 6-digit code with a resend countdown. `orderIds`: the
 * orders this device placed here, which signing in makes the profile's; `then`: where to go
 * once signed in (the profile unless said).
 */
export function ClientSignIn({
  restaurantId,
  orderIds,
  then,
  privacyPolicyUrl,
}: {
  restaurantId: string
  orderIds: readonly string[]
  then?: string | undefined
  /** The restaurant's own policy, linked below the short text when it has one. */
  privacyPolicyUrl?: string | null | undefined
}) {
  const { t } = useMessages(clientMessages)
  const navigate = useNavigate()
  const [phone, setPhone] = useState('')
  const [consent, setConsent] = useState(false)
  const [sent, setSent] = useState<{ phone: string; resendAt: string } | null>(null)
  const [code, setCode] = useState('')
  const [wrongTries, setWrongTries] = useState(0)
  const requestCode = useRequestCode()
  const verify = useVerifyCode()
  const phoneMask = useMaskInput(phoneMaskOptions, setPhone)
  const now = useSecondsClock(sent !== null)
  // The server's clock and this one differ a little: never more than the server's minute.
  const wait = sent ? Math.min(OTP_RESEND_SECONDS, secondsUntil(sent.resendAt, now)) : 0

  const ask = (target: string) => {
    requestCode.mutate(
      { restaurantId, phone: target },
      {
        onSuccess: (answer) => {
          setSent({ phone: answer.phone, resendAt: answer.resendAt })
          setCode('')
          setWrongTries(0)
          verify.reset()
        },
      },
    )
  }
  const submitPhone = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isCompletePhone(phone) && consent) ask(toE164(phone))
  }
  const submitCode = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!sent || code.length !== OTP_LENGTH) return
    verify.mutate(
      { phone: sent.phone, code, orderIds },
      {
        onSuccess: () => void navigate(then ?? paths.client(restaurantId)),
        onError: (error) => {
          if (isApiError(error) && error.code === 'otp_invalid') setWrongTries((n) => n + 1)
        },
      },
    )
  }
  const problemOf = (error: unknown, tries: number) => {
    if (!error) return null
    const problem = isApiError(error)
      ? otpProblem(error, tries)
      : { key: 'failed' as const, values: undefined }
    return t(problem.key, problem.values)
  }
  const askProblem = problemOf(requestCode.error, 0)
  const codeProblem = problemOf(verify.error, wrongTries)

  if (!sent) {
    return (
      <form className="client-form" onSubmit={submitPhone} noValidate>
        <p className="client-form__lead">{t('signInLead')}</p>
        <ClientField id="client-phone" label={t('phone')}>
          <input
            ref={phoneMask}
            id="client-phone"
            className="client-field__input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+7 (___) ___-__-__"
            aria-invalid={askProblem ? true : undefined}
            aria-describedby={askProblem ? 'client-phone-problem' : undefined}
          />
        </ClientField>
        <label className="client-consent">
          <input
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
          />
          <span>{t('consent')}</span>
        </label>
        <details className="client-policy">
          <summary>{t('policy')}</summary>
          <p>{t('policyText')}</p>
          {privacyPolicyUrl ? (
            <p>
              <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
                {t('policyLink')}
              </a>
            </p>
          ) : null}
        </details>
        {askProblem ? (
          <p className="client-problem" id="client-phone-problem" role="alert">
            {askProblem}
          </p>
        ) : null}
        <button
          type="submit"
          className={buttonClass('primary', { block: true })}
          disabled={!isCompletePhone(phone) || !consent || requestCode.isPending}
        >
          {t('sendCode')}
        </button>
      </form>
    )
  }

  return (
    <form className="client-form" onSubmit={submitCode} noValidate>
      <p className="client-form__lead">{t('codeSentTo', { phone: shownPhone(sent.phone) })}</p>
      <ClientField id="client-code" label={t('code')}>
        <input
          id="client-code"
          className="client-field__input client-field__input--code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={code}
          onChange={(event) =>
            setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
          }
          aria-invalid={codeProblem ? true : undefined}
          aria-describedby={codeProblem ? 'client-code-problem' : undefined}
        />
      </ClientField>
      {codeProblem || askProblem ? (
        <p className="client-problem" id="client-code-problem" role="alert">
          {codeProblem ?? askProblem}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonClass('primary', { block: true })}
        disabled={code.length !== OTP_LENGTH || verify.isPending}
      >
        {t('signIn')}
      </button>
      <div className="client-form__row">
        {wait > 0 ? (
          <p className="client-form__note">{t('resendIn', { seconds: wait })}</p>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={requestCode.isPending}
            onClick={() => ask(sent.phone)}
          >
            {t('resend')}
          </button>
        )}
        <button
          type="button"
          className="client-link"
          onClick={() => {
            setSent(null)
            setPhone('')
            requestCode.reset()
            verify.reset()
          }}
        >
          {t('otherPhone')}
        </button>
      </div>
    </form>
  )
}
