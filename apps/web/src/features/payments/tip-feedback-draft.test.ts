import { describe, expect, it } from 'vitest'
import { TIP_COMMENT_MAX } from '@tableside/contracts/payments'
import { ApiError } from '../../lib/api-error'
import { tipFeedbackBody, tipFeedbackProblem } from './tip-feedback-draft'

describe('the diner’s feedback on a tip', () => {
  it('sends the stars with the comment trimmed, and no comment when it is blank', () => {
    expect(tipFeedbackBody(5, '  Спасибо!\n')).toEqual({ rating: 5, comment: 'Спасибо!' })
    expect(tipFeedbackBody(3, '   ')).toEqual({ rating: 3 })
    expect(tipFeedbackBody(1, '')).toEqual({ rating: 1 })
  })

  it('asks for stars first, and keeps a comment within the limit', () => {
    expect(tipFeedbackBody(null, 'Хорошо')).toEqual({ problem: 'ratingNeeded' })
    expect(tipFeedbackBody(4, 'ы'.repeat(TIP_COMMENT_MAX))).toEqual({
      rating: 4,
      comment: 'ы'.repeat(TIP_COMMENT_MAX),
    })
    expect(tipFeedbackBody(4, 'ы'.repeat(TIP_COMMENT_MAX + 1))).toEqual({
      problem: 'commentTooLong',
    })
  })

  it('explains a refusal by its code', () => {
    const refusal = (code: string) => tipFeedbackProblem(new ApiError(409, code, 'English'))
    expect(refusal('feedback_already_left')).toBe('alreadyLeft')
    expect(refusal('rate_limited')).toBe('tooManyTries')
    expect(refusal('no_tip')).toBe('notTaken')
    expect(refusal('payment_not_succeeded')).toBe('notTaken')
    expect(tipFeedbackProblem(ApiError.network(new TypeError('offline')))).toBe('offline')
    expect(refusal('internal_error')).toBe('failed')
  })
})
