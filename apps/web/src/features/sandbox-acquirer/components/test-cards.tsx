import { SANDBOX_3DS_CODE, SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { maskValue } from '../../../lib/masks'
import { useMessages } from '../../../lib/i18n/use-translation'
import { CARD_NUMBER_MASK } from '../card-details'
import { sandboxMessages } from '../sandbox-messages'

const outcomes = [
  { number: SANDBOX_TEST_CARDS.succeeds, outcome: 'cardSucceeds' },
  { number: SANDBOX_TEST_CARDS.threeDSecure, outcome: 'cardThreeDSecure' },
  { number: SANDBOX_TEST_CARDS.declined, outcome: 'cardDeclined' },
  { number: SANDBOX_TEST_CARDS.insufficientFunds, outcome: 'cardInsufficientFunds' },
] as const

/** The documented test cards, folded away: a tester taps one to fill the form. */
export function TestCards({ onPick }: { onPick: (number: string) => void }) {
  const { t } = useMessages(sandboxMessages)
  return (
    <details className="bank-test-cards">
      <summary className="bank-test-cards__summary">{t('testCards')}</summary>
      <p className="bank-test-cards__text">{t('testCardsText')}</p>
      <ul className="bank-test-cards__list">
        {outcomes.map(({ number, outcome }) => {
          const shown = maskValue(number, CARD_NUMBER_MASK)
          const said = t(outcome, { code: SANDBOX_3DS_CODE })
          return (
            <li key={number}>
              <button
                type="button"
                className="bank-test-card"
                aria-label={t('useCard', { number: shown, outcome: said })}
                onClick={() => onPick(shown)}
              >
                <span className="bank-test-card__number">{shown}</span>
                <span className="bank-test-card__outcome">{said}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </details>
  )
}
