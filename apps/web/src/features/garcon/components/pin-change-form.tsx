import { useId, useRef, useState, type SubmitEvent } from 'react'
import { GARCON_PIN_LENGTH } from '@tableside/contracts/garcon'
import { buttonClass } from '../../../components/ui/button'
import { CheckCircleIcon, KeyIcon } from '../../../components/ui/screen-icons'
import { AlertIcon } from '../../../components/ui/status-icons'
import { isApiError } from '../../../lib/api-error'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useChangeGarconPin } from '../api/garcon-profile'
import { useCountdown } from '../hooks/use-countdown'
import { pinChangeProblem, type PinChangeProblem } from '../pin-change'
import { pinFromTyping } from '../pin-entry'
import { profileMessages } from '../profile-messages'

type Problem = PinChangeProblem | 'wrongPin' | 'pinOffline' | 'pinFailed'
type Field = 'current' | 'next' | 'again'

const FIELD_OF: Record<Problem, Field | null> = {
  currentShort: 'current',
  wrongPin: 'current',
  newShort: 'next',
  same: 'next',
  mismatch: 'again',
  pinOffline: null,
  pinFailed: null,
}

/** When the server sends no retry-after with a 429, a minute is a fair guess. */
const DEFAULT_WAIT_SECONDS = 60

/**
 * Change PIN: the current one, the new one twice. A wrong current PIN counts as a wrong PIN at
 * sign-in (the server slows guesses the same way), and the wait is counted down.
 */
export function PinChangeForm() {
  const { t, language } = useMessages(profileMessages)
  const change = useChangeGarconPin()
  const wait = useCountdown()
  const [open, setOpen] = useState(false)
  const [pins, setPins] = useState<Record<Field, string>>({ current: '', next: '', again: '' })
  const [problem, setProblem] = useState<Problem | null>(null)
  const [done, setDone] = useState<number | null>(null)
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    again: useRef<HTMLInputElement>(null),
  }
  const ids = { current: useId(), next: useId(), again: useId() }
  const hintId = useId()
  const problemId = useId()
  const waiting = wait.left > 0

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (change.isPending || waiting) return
    const found = pinChangeProblem(pins.current, pins.next, pins.again)
    if (found) {
      setProblem(found)
      const field = FIELD_OF[found]
      if (field) refs[field].current?.focus()
      return
    }
    setProblem(null)
    change.mutate(
      { currentPin: pins.current, newPin: pins.next },
      {
        onSuccess: ({ signedOut }) => {
          setDone(signedOut)
          setOpen(false)
          setPins({ current: '', next: '', again: '' })
        },
        onError: (error) => {
          setPins((p) => ({ ...p, current: '' }))
          if (isApiError(error) && error.status === 429) {
            wait.start(error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS)
            setProblem(null)
            return
          }
          if (isApiError(error) && error.code === 'pin_wrong') {
            setProblem('wrongPin')
            refs.current.current?.focus()
            return
          }
          setProblem(
            isApiError(error) && error.code === 'network_error' ? 'pinOffline' : 'pinFailed',
          )
        },
      },
    )
  }

  const field = (name: Field, label: 'currentPin' | 'newPin' | 'newPinAgain') => {
    const invalid = problem !== null && FIELD_OF[problem] === name
    return (
      <div className="pin-change__field">
        <label className="pin-change__label" htmlFor={ids[name]}>
          {t(label)}
        </label>
        <input
          ref={refs[name]}
          id={ids[name]}
          className="pin-change__input"
          type="password"
          inputMode="numeric"
          autoComplete={name === 'current' ? 'current-password' : 'new-password'}
          maxLength={GARCON_PIN_LENGTH.max}
          value={pins[name]}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${hintId} ${problemId}` : hintId}
          onChange={(event) => {
            setPins((p) => ({ ...p, [name]: pinFromTyping(event.target.value) }))
            setProblem(null)
          }}
        />
      </div>
    )
  }

  return (
    <section className="profile-section" aria-labelledby={`${hintId}-title`}>
      <h2 className="profile-section__title" id={`${hintId}-title`}>
        {t('pinTitle')}
      </h2>
      <p className="profile-section__hint">{t('pinHint')}</p>
      {done !== null ? (
        <p className="pin-change__done" role="status">
          <CheckCircleIcon size={18} />
          {done === 0
            ? t('pinChanged')
            : t(`pinChangedOut_${pluralCategory(done, language)}`, { count: done })}
        </p>
      ) : null}
      {open ? (
        <form className="pin-change card" onSubmit={submit} noValidate>
          <p className="visually-hidden" id={hintId}>
            {t('pinDigits')}
          </p>
          {field('current', 'currentPin')}
          {field('next', 'newPin')}
          {field('again', 'newPinAgain')}
          <p className="profile-section__problem" id={problemId} role="alert">
            {waiting ? (
              <>
                <AlertIcon size={18} />
                {t('pinWait', { seconds: wait.left })}
              </>
            ) : problem ? (
              <>
                <AlertIcon size={18} />
                {t(problem)}
              </>
            ) : null}
          </p>
          <div className="pin-change__actions">
            <button
              type="submit"
              className={buttonClass('primary', { block: true })}
              disabled={change.isPending || waiting}
            >
              {change.isPending ? t('savingPin') : t('savePin')}
            </button>
            <button
              type="button"
              className={buttonClass('secondary', { block: true })}
              onClick={() => {
                setOpen(false)
                setProblem(null)
                setPins({ current: '', next: '', again: '' })
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          onClick={() => {
            setOpen(true)
            setDone(null)
          }}
        >
          <KeyIcon size={20} />
          {t('changePin')}
        </button>
      )}
    </section>
  )
}
