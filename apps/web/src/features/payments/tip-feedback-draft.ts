import { TIP_COMMENT_MAX } from '@tableside/contracts/payments'
import type { ApiError } from '../../lib/api-error'

/** Stars a diner may give: 1 to 5. */
export const TIP_STARS = [1, 2, 3, 4, 5] as const

/** Why the diner's words were not sent, as a key of `tipFeedbackMessages`. */
export type TipFeedbackProblem =
  | 'ratingNeeded'
  | 'commentTooLong'
  | 'alreadyLeft'
  | 'offline'
  | 'tooManyTries'
  | 'notTaken'
  | 'failed'

/**
 * What to send for the stars and the comment typed: the comment trimmed, left out when blank;
 * a problem instead when no star is chosen or the comment is too long (the server says the same).
 */
export function tipFeedbackBody(
  rating: number | null,
  comment: string,
): { rating: number; comment?: string } | { problem: TipFeedbackProblem } {
  if (rating === null) return { problem: 'ratingNeeded' }
  const words = comment.trim()
  if (words.length > TIP_COMMENT_MAX) return { problem: 'commentTooLong' }
  return words ? { rating, comment: words } : { rating }
}

/** What a refusal means to the diner, by the server's stable code. */
export function tipFeedbackProblem(error: Pick<ApiError, 'code'>): TipFeedbackProblem {
  switch (error.code) {
    case 'feedback_already_left':
      return 'alreadyLeft'
    case 'network_error':
      return 'offline'
    case 'rate_limited':
      return 'tooManyTries'
    case 'payment_not_succeeded':
    case 'no_tip':
    case 'not_found':
      return 'notTaken'
    default:
      return 'failed'
  }
}
