import { useId, useState, type SubmitEvent } from 'react'
import { MAX_CALL_COMMENT, type WaiterCallReason } from '@tableside/contracts/waiter-calls'
import { buttonClass } from '../../../components/ui/button'
import { BellIcon, BillIcon } from '../../../components/ui/icons'
import { ListCheckIcon } from '../../../components/ui/screen-icons'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { NewWaiterCall } from '../api/create-waiter-call'
import { waiterCallMessages } from '../waiter-call-messages'
import './call-form.css'

const REASONS = [
  { reason: 'waiter', icon: <BellIcon /> },
  { reason: 'bill', icon: <BillIcon /> },
  { reason: 'other', icon: <ListCheckIcon /> },
] as const

interface CallFormProps {
  reason: WaiterCallReason
  onReason: (reason: WaiterCallReason) => void
  /** Reasons with a call the waiter has not finished: calling again would not send anything new. */
  openReasons: ReadonlySet<WaiterCallReason>
  sending: boolean
  problem: string | null
  onSend: (call: NewWaiterCall) => void
}

/** Why to call (the waiter, the bill, something else with a word on what) and the one button. */
export function CallForm({
  reason,
  onReason,
  openReasons,
  sending,
  problem,
  onSend,
}: CallFormProps) {
  const { t } = useMessages(waiterCallMessages)
  const [comment, setComment] = useState('')
  const [missingComment, setMissingComment] = useState(false)
  const commentId = useId()
  const problemId = useId()
  const alreadyOpen = openReasons.has(reason)
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (reason === 'other' && comment.trim() === '') {
      setMissingComment(true)
      return
    }
    onSend(reason === 'other' ? { reason, comment: comment.trim() } : { reason })
  }
  const shownProblem = missingComment && reason === 'other' ? t('commentNeeded') : problem
  return (
    <form className="call-form" onSubmit={submit} noValidate>
      <fieldset className="call-form__reasons">
        <legend className="call-form__legend">{t('reasons')}</legend>
        {REASONS.map(({ reason: value, icon }) => (
          <label key={value} className="call-reason">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => onReason(value)}
              className="call-reason__input"
            />
            <span className="call-reason__icon" aria-hidden="true">
              {icon}
            </span>
            <span className="call-reason__text">
              <span className="call-reason__name">{t(value)}</span>
              <span className="call-reason__hint">{t(`${value}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {reason === 'other' && !alreadyOpen ? (
        <div className="call-form__comment">
          <label htmlFor={commentId}>{t('comment')}</label>
          <textarea
            id={commentId}
            value={comment}
            maxLength={MAX_CALL_COMMENT}
            rows={3}
            placeholder={t('commentPlaceholder')}
            aria-invalid={missingComment || undefined}
            aria-describedby={shownProblem ? problemId : undefined}
            onChange={(event) => {
              setComment(event.target.value)
              setMissingComment(false)
            }}
          />
        </div>
      ) : null}
      {shownProblem ? (
        <p id={problemId} className="call-form__problem" role="alert">
          {shownProblem}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonClass('primary', { block: true })}
        disabled={sending || alreadyOpen}
      >
        {sending ? t('sending') : alreadyOpen ? t('alreadyCalled') : t(`send_${reason}`)}
      </button>
    </form>
  )
}
