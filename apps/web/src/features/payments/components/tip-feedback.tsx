import { useId, useState, type SubmitEvent } from 'react'
import { TIP_COMMENT_MAX, type Payment, type TipFeedback } from '@tableside/contracts/payments'
import { buttonClass } from '../../../components/ui/button'
import { Icon } from '../../../components/ui/icon'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useLeaveTipFeedback } from '../api/leave-tip-feedback'
import {
  TIP_STARS,
  tipFeedbackBody,
  tipFeedbackProblem,
  type TipFeedbackProblem,
} from '../tip-feedback-draft'
import { tipFeedbackMessages } from '../tip-feedback-messages'
import './tip-feedback.css'

const StarIcon = ({ size }: { size: number }) => (
  <Icon size={size} strokeWidth={1.6}>
    <path d="M12 3.2l2.7 5.5 6 .9-4.35 4.25 1.03 6L12 17l-5.38 2.85 1.03-6L3.3 9.6l6-.9z" />
  </Icon>
)

/**
 * After a payment with a tip went through: what the diner thought of the service, 1–5 stars and
 * an optional comment, sent once; the tip's waiter (named when known) sees it. Skippable, and
 * once sent (here or before a reload) only the thanks is left. Loaded only when it shows.
 */
export function TipFeedbackPrompt({ payment }: { payment: Payment }) {
  const { t } = useMessages(tipFeedbackMessages)
  const [skipped, setSkipped] = useState(false)
  const waiter = payment.waiter?.name ?? null
  if (payment.tipFeedback) return <Thanks feedback={payment.tipFeedback} waiter={waiter} />
  if (skipped) return null
  return (
    <FeedbackForm
      paymentId={payment.id}
      hint={waiter ? t('forWaiter', { name: waiter }) : t('forNobody')}
      onSkip={() => setSkipped(true)}
    />
  )
}

function FeedbackForm({
  paymentId,
  hint,
  onSkip,
}: {
  paymentId: string
  hint: string
  onSkip: () => void
}) {
  const { t } = useMessages(tipFeedbackMessages)
  const leave = useLeaveTipFeedback(paymentId)
  const [rating, setRating] = useState<(typeof TIP_STARS)[number] | null>(null)
  const [comment, setComment] = useState('')
  const [problem, setProblem] = useState<TipFeedbackProblem | null>(null)
  const name = useId()
  const hintId = useId()
  const commentId = useId()
  const problemId = useId()
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = tipFeedbackBody(rating, comment)
    if ('problem' in body) {
      setProblem(body.problem)
      return
    }
    setProblem(null)
    leave.mutate(body, {
      onError: (error) => setProblem(isApiError(error) ? tipFeedbackProblem(error) : 'failed'),
    })
  }
  const problemText = problem ? t(problem, { max: TIP_COMMENT_MAX }) : null
  return (
    <form className="tip-feedback" onSubmit={submit} noValidate>
      <fieldset
        className="tip-feedback__stars-set"
        aria-describedby={problem === 'ratingNeeded' ? `${hintId} ${problemId}` : hintId}
      >
        <legend className="tip-feedback__question">{t('question')}</legend>
        <p id={hintId} className="tip-feedback__hint">
          {hint}
        </p>
        <div className="tip-stars">
          {TIP_STARS.map((stars) => (
            <label key={stars} className="tip-star" data-on={rating !== null && stars <= rating}>
              <input
                type="radio"
                name={name}
                value={stars}
                className="tip-star__input"
                checked={rating === stars}
                onChange={() => {
                  setRating(stars)
                  if (problem === 'ratingNeeded') setProblem(null)
                }}
              />
              <StarIcon size={36} />
              <span className="visually-hidden">{t(`star_${stars}`)}</span>
            </label>
          ))}
        </div>
        <p className="tip-feedback__caption" aria-hidden="true">
          {rating === null ? '\u00a0' : t(`word_${rating}`)}
        </p>
      </fieldset>
      {rating !== null ? (
        <div className="tip-feedback__comment">
          <label htmlFor={commentId}>{t('comment')}</label>
          <textarea
            id={commentId}
            value={comment}
            maxLength={TIP_COMMENT_MAX}
            rows={3}
            placeholder={t('commentPlaceholder')}
            aria-invalid={problem === 'commentTooLong' || undefined}
            aria-describedby={problem === 'commentTooLong' ? problemId : undefined}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      ) : null}
      {problemText ? (
        <p id={problemId} className="tip-feedback__problem" role="alert">
          {problemText}
        </p>
      ) : null}
      <div className="tip-feedback__actions">
        <button type="submit" className={buttonClass('primary')} disabled={leave.isPending}>
          {leave.isPending ? t('sending') : t('send')}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onSkip}>
          {t('skip')}
        </button>
      </div>
    </form>
  )
}

function Thanks({ feedback, waiter }: { feedback: TipFeedback; waiter: string | null }) {
  const { t } = useMessages(tipFeedbackMessages)
  return (
    <div className="tip-feedback tip-feedback--thanks" role="status">
      <p className="tip-feedback__question">{t('thanks')}</p>
      <p
        className="tip-stars tip-stars--shown"
        role="img"
        aria-label={t('rated', { rating: feedback.rating })}
      >
        {TIP_STARS.map((stars) => (
          <span key={stars} className="tip-star" data-on={stars <= feedback.rating}>
            <StarIcon size={24} />
          </span>
        ))}
      </p>
      {feedback.comment ? (
        <blockquote className="tip-feedback__quote">{feedback.comment}</blockquote>
      ) : null}
      <p className="tip-feedback__hint">
        {waiter ? t('thanksWaiter', { name: waiter }) : t('thanksNobody')}
      </p>
    </div>
  )
}
