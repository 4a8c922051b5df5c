import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { GARCON_PIN_LENGTH } from '@tableside/contracts/garcon'
import { ClockIcon } from '../../../components/ui/screen-icons'
import { AlertIcon } from '../../../components/ui/status-icons'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useGarconSignIn } from '../api/sign-in'
import { garconMessages } from '../garcon-messages'
import { useCountdown } from '../hooks/use-countdown'
import { pinFromKey, pinFromTyping } from '../pin-entry'
import { LabelRow } from './label-row'
import { PinPad } from './pin-pad'

type Problem = 'loginMissing' | 'pinShort' | 'wrong' | 'offline' | 'failed'

/** When the server sends no retry-after with a 429, a minute is a fair guess. */
const DEFAULT_WAIT_SECONDS = 60

function problemOf(error: unknown): Problem {
  if (!isApiError(error)) return 'failed'
  if (error.status === 401) return 'wrong'
  return error.code === 'network_error' ? 'offline' : 'failed'
}

/** Keys typed where no field takes them (the page, a keypad key) go to the PIN. */
const typesIntoPin = (target: EventTarget | null, form: HTMLFormElement | null) =>
  target === document.body ||
  (target instanceof HTMLElement && form?.contains(target) === true && target.tagName !== 'INPUT')

interface SignInFormProps {
  restaurantId: string
  /** Say that the last session ended on its own (expired, or signed out from another device). */
  ended: boolean
}

/**
 * The waiter authentication window (spec §2): a login, and a PIN on a keypad one thumb can
 * use, or on a keyboard. The token it gets lands in the garcon_token cookie, and whatever
 * screen the waiter asked for is drawn in place of this window.
 */
export function SignInForm({ restaurantId, ended }: SignInFormProps) {
  const { t } = useMessages(garconMessages)
  const signIn = useGarconSignIn()
  const wait = useCountdown()
  const [login, setLogin] = useState('')
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const [waitedFrom, setWaitedFrom] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const loginRef = useRef<HTMLInputElement>(null)
  const pinRef = useRef<HTMLInputElement>(null)
  const loginId = useId()
  const pinId = useId()
  const hintId = useId()
  const problemId = useId()
  const waiting = wait.left > 0

  const editPin = (next: string) => {
    setPin(next)
    setProblem((shown) => (shown === 'wrong' || shown === 'pinShort' ? null : shown))
  }

  // A physical keyboard types the PIN wherever focus is not in a field.
  const latestPin = useRef({ pin, editPin })
  useEffect(() => {
    latestPin.current = { pin, editPin }
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return
      if (!typesIntoPin(event.target, formRef.current)) return
      if (event.key === 'Enter' && event.target === document.body) {
        formRef.current?.requestSubmit()
        return
      }
      const next = pinFromKey(latestPin.current.pin, event.key)
      if (next === null) return
      event.preventDefault()
      latestPin.current.editPin(next)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (signIn.isPending || waiting) return
    if (login.trim() === '') {
      setProblem('loginMissing')
      loginRef.current?.focus()
      return
    }
    if (pin.length < GARCON_PIN_LENGTH.min) {
      setProblem('pinShort')
      return
    }
    setProblem(null)
    signIn.mutate(
      { restaurantId, login, pin },
      {
        onError: (error) => {
          setPin('')
          if (isApiError(error) && error.status === 429) {
            const seconds = error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS
            setWaitedFrom(seconds)
            wait.start(seconds)
            setProblem(null)
            return
          }
          setProblem(problemOf(error))
        },
      },
    )
  }

  const shownProblem = waiting ? null : problem
  const problemShown = shownProblem !== null || waiting
  return (
    <form ref={formRef} className="sign-in" onSubmit={submit} noValidate>
      {ended ? (
        <div className="sign-in__ended" role="alert">
          <ClockIcon size={22} />
          <p>
            <strong>{t('endedTitle')}</strong> {t('endedText')}
          </p>
        </div>
      ) : null}
      <div className="sign-in__field">
        <label className="sign-in__label" htmlFor={loginId}>
          {t('login')}
        </label>
        <input
          ref={loginRef}
          id={loginId}
          className="sign-in__input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="next"
          maxLength={64}
          value={login}
          aria-invalid={shownProblem === 'loginMissing' || shownProblem === 'wrong' || undefined}
          aria-describedby={problemShown ? problemId : undefined}
          onChange={(event) => {
            setLogin(event.target.value)
            setProblem(null)
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            pinRef.current?.focus()
          }}
        />
      </div>
      <div className="sign-in__field">
        <LabelRow
          htmlFor={pinId}
          label={t('pin')}
          labelClassName="sign-in__label"
          hintId={hintId}
          hint={t('pinHint')}
        />
        <div className="pin-dots">
          <input
            ref={pinRef}
            id={pinId}
            className="pin-dots__input"
            type="password"
            name="pin"
            // The keypad below types it; a phone's own keyboard would only cover it.
            inputMode="none"
            autoComplete="current-password"
            maxLength={GARCON_PIN_LENGTH.max}
            value={pin}
            aria-invalid={shownProblem === 'pinShort' || shownProblem === 'wrong' || undefined}
            aria-describedby={problemShown ? `${hintId} ${problemId}` : hintId}
            onChange={(event) => editPin(pinFromTyping(event.target.value))}
          />
          <span className="pin-dots__dots" aria-hidden="true">
            {Array.from({ length: Math.max(GARCON_PIN_LENGTH.min, pin.length) }, (_, index) => (
              <span key={index} className="pin-dot" data-on={index < pin.length || undefined} />
            ))}
          </span>
        </div>
      </div>
      <div className="sign-in__problem" id={problemId} role="alert">
        {waiting ? (
          <>
            <ClockIcon size={18} />
            <span className="sign-in__countdown" aria-hidden="true">
              {t('wait', { seconds: wait.left })}
            </span>
            <span className="visually-hidden">{t('wait', { seconds: waitedFrom })}</span>
          </>
        ) : shownProblem ? (
          <>
            <AlertIcon size={18} />
            <span>{t(shownProblem)}</span>
          </>
        ) : null}
      </div>
      <PinPad
        pin={pin}
        onPin={editPin}
        submit={
          <button
            type="submit"
            className="pin-pad__key pin-pad__key--submit"
            disabled={waiting}
            aria-busy={signIn.isPending || undefined}
          >
            {signIn.isPending ? t('signingIn') : t('signIn')}
          </button>
        }
      />
    </form>
  )
}
