import type { KitchenThresholds } from '@tableside/contracts/kitchen'
import { useMessages } from '../../../lib/i18n/use-translation'
import { kitchenMessages } from '../kitchen-messages'
import { useServerClock } from '../hooks/use-clock'
import { formatElapsed, urgencyOf } from '../ticket-urgency'
import { ClockIcon, LateIcon, WarnIcon } from './kitchen-icons'

/**
 * The ticket's age, ticking with the page's one clock: the only part of a card that draws every
 * second. Its urgency shows as colour, an icon and words (not colour alone, WCAG 1.4.1); the
 * card takes its colour from it in CSS (`:has`), so the card itself does not draw again.
 */
export function TicketTimer({
  since,
  thresholds,
}: {
  since: number
  thresholds: KitchenThresholds
}) {
  const { t } = useMessages(kitchenMessages)
  const elapsed = useServerClock() - since
  const urgency = urgencyOf(elapsed, thresholds)
  const Glyph = urgency === 'late' ? LateIcon : urgency === 'soon' ? WarnIcon : ClockIcon
  const word = urgency === 'late' ? t('late') : urgency === 'soon' ? t('soon') : t('onTime')
  return (
    <span className={`kitchen-timer kitchen-timer--${urgency}`}>
      <Glyph size={22} />
      <span className="kitchen-timer__time">{formatElapsed(elapsed)}</span>{' '}
      <span className="kitchen-timer__word">{word}</span>
    </span>
  )
}
