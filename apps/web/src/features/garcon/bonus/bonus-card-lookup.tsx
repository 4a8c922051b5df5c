import { useQuery } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import type { GarconBonusCard } from '@tableside/contracts/bonus'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/status-icons'
import { useApiClient } from '../../../lib/app-context'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages, type Translate } from '../../../lib/i18n/use-translation'
import { useMaskInput } from '../../../lib/masks'
import { dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { LabelRow } from '../components/label-row'
import { bonusCardLookupOptions } from './bonus-lookup-api'
import { garconBonusMessages } from './bonus-messages'
import { CARD_NUMBER_MASK, cardNumberToLookUp, groupedCardNumber } from './card-number'
import { lookupProblem } from './lookup-problem'

type Key = keyof (typeof garconBonusMessages)['en']

const MASK = { mask: CARD_NUMBER_MASK }

/** `23 мая 2027 г.` on the restaurant's calendar, wherever the waiter's device thinks it is. */
const shownDate = (iso: string, language: UiLanguage, timeZone: string): string =>
  restaurantTime(iso, timeZone, dateLocale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })

/**
 * A waiter types the number of the bonus card a diner shows and sees whose card it is (the
 * first name and the phone's last digits, to check with the diner) and its points.
 *
 * Typed, not scanned: waiters reach the server by plain http at its address on the
 * restaurant's network, an insecure context where browsers give a page no camera
 * (`getUserMedia`), so the QR code cannot be read here; the twelve digits under it can.
 */
export function BonusCardLookup({ timeZone }: { timeZone: string }) {
  const { t, language } = useMessages(garconBonusMessages)
  const api = useApiClient()
  const inputId = useId()
  const hintId = useId()
  const problemId = useId()
  const [number, setNumber] = useState<string | null>(null)
  const [incomplete, setIncomplete] = useState(false)
  // Typing again puts the last answer's problem away until the next search.
  const [editing, setEditing] = useState(false)
  const card = useQuery({ ...bonusCardLookupOptions(api, number ?? ''), enabled: number !== null })
  const numberMask = useMaskInput(MASK, () => {
    setIncomplete(false)
    setEditing(true)
  })

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = new FormData(event.currentTarget).get('number')
    const wanted = cardNumberToLookUp(typeof typed === 'string' ? typed : '')
    setIncomplete(wanted === null)
    setEditing(false)
    if (wanted === null) return
    // The same number again: the waiter wants it as it is now (the diner just paid).
    if (wanted === number) void card.refetch()
    else setNumber(wanted)
  }

  const problem = incomplete
    ? { key: 'incomplete' as const }
    : card.isError && !editing
      ? lookupProblem(card.error)
      : null
  const found = card.isError ? undefined : card.data
  return (
    <div className="bonus-lookup">
      <form className="bonus-lookup__form card" onSubmit={submit} noValidate>
        <LabelRow
          htmlFor={inputId}
          label={t('number')}
          labelClassName="bonus-lookup__label"
          hintId={hintId}
          hint={t('hint')}
        />
        <div className="bonus-lookup__row">
          <input
            ref={numberMask}
            id={inputId}
            className="bonus-lookup__input"
            name="number"
            inputMode="numeric"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={problem?.key === 'incomplete' || problem?.key === 'notFound' || undefined}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          />
          <button
            type="submit"
            className={buttonClass('primary')}
            aria-busy={card.isFetching || undefined}
          >
            {card.isFetching ? t('finding') : t('find')}
          </button>
        </div>
        <div className="bonus-lookup__problem" id={problemId} role="alert">
          {problem ? (
            <>
              <AlertIcon size={18} />
              <span>{t(problem.key, { minutes: problem.minutes ?? 1 })}</span>
            </>
          ) : null}
        </div>
      </form>
      <div aria-live="polite">
        {found ? <FoundCard card={found} t={t} language={language} timeZone={timeZone} /> : null}
      </div>
    </div>
  )
}

function FoundCard({
  card,
  t,
  language,
  timeZone,
}: {
  card: GarconBonusCard
  t: Translate<Key>
  language: UiLanguage
  timeZone: string
}) {
  const titleId = useId()
  const points = (count: number) => t(`points_${pluralCategory(count, language)}`, { count })
  return (
    <section className="bonus-found card" aria-labelledby={titleId} data-testid="bonus-found">
      <div className="bonus-found__holder">
        <p className="bonus-found__label">{t('holder')}</p>
        <h2 className="bonus-found__name" id={titleId}>
          {card.firstName ?? t('noName')}
        </h2>
        <p className="bonus-found__phone">
          <span aria-hidden="true">{card.phone}</span>
          {/* The dots read aloud as "bullet"s: the ending alone, said as digits. */}
          <span className="visually-hidden">
            {t('phoneEnding', { ending: card.phone.slice(-5) })}
          </span>
        </p>
        <p className="bonus-found__number">{groupedCardNumber(card.number)}</p>
      </div>
      <dl className="bonus-found__points">
        <div className="bonus-found__balance">
          <dt>{t('balance')}</dt>
          <dd data-testid="bonus-found-balance">{points(card.balance)}</dd>
        </div>
        <div className="bonus-found__fact">
          <dt>{t('pending')}</dt>
          <dd>
            {points(card.pending)}
            {card.pending > 0 ? (
              <span className="bonus-found__aside"> {t('pendingHint')}</span>
            ) : null}
          </dd>
        </div>
        <div className="bonus-found__fact">
          <dt>{t('expires')}</dt>
          <dd>
            {card.nextExpiry ? (
              <>
                {points(card.nextExpiry.points)}
                <span className="bonus-found__aside">
                  {' '}
                  {t('expiresOn', { date: shownDate(card.nextExpiry.at, language, timeZone) })}
                </span>
              </>
            ) : (
              t('noExpiry')
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}
