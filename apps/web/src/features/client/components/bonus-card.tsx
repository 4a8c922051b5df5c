import { useEffect, useId, useState } from 'react'
import type { BonusCard, BonusEntry, BonusProgram } from '@tableside/contracts/bonus'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { useBonusCard, useBonusProgram, useRegisterBonusCard } from '../api/bonus-card'
import { bonusMessages } from '../bonus-messages'
import '../bonus-card.css'

const POINT_WORDS: Record<UiLanguage, Record<string, string>> = {
  ru: { one: 'балл', few: 'балла', many: 'баллов', other: 'балла' },
  en: { one: 'point', other: 'points' },
}

/** `120 баллов`, `1 point`. */
export function pointsText(points: number, language: UiLanguage): string {
  const words = POINT_WORDS[language]
  const word = words[pluralCategory(Math.abs(points), language)] ?? words.other ?? ''
  return `${String(points)}\u00a0${word}`
}

/** `5 %`, kept on one line. */
const percent = (basisPoints: number) => `${String(basisPoints / 100)}\u00a0%`

/** `1234 5678 9012`: the number read aloud or typed by a waiter in groups of four. */
export const groupedNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ')

/** "24 ноября" (with the year for the ledger) on the restaurant's calendar. */
const shownDate = (iso: string, language: UiLanguage, timeZone: string, withYear = false) =>
  restaurantTime(iso, timeZone, dateLocale(language), {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
  })

/**
 * The card number as a QR code, drawn from the modules of `qrcode`, which is loaded only when
 * a card is shown: never in the first load.
 */
function CardQr({ number }: { number: string }) {
  const { t } = useMessages(bonusMessages)
  const [drawn, setDrawn] = useState<{ size: number; path: string } | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode').then(({ create }) => {
      const { modules } = create(number, { errorCorrectionLevel: 'M' })
      let path = ''
      for (let row = 0; row < modules.size; row += 1) {
        for (let column = 0; column < modules.size; column += 1) {
          if (modules.get(row, column)) path += `M${String(column)} ${String(row)}h1v1h-1z`
        }
      }
      if (live) setDrawn({ size: modules.size, path })
    })
    return () => {
      live = false
    }
  }, [number])
  const quiet = 2
  return (
    <figure className="bonus-qr">
      {drawn ? (
        <svg
          className="bonus-qr__code"
          role="img"
          aria-label={t('qr', { number: groupedNumber(number) })}
          viewBox={`${String(-quiet)} ${String(-quiet)} ${String(drawn.size + 2 * quiet)} ${String(drawn.size + 2 * quiet)}`}
          shapeRendering="crispEdges"
        >
          <rect
            x={-quiet}
            y={-quiet}
            width={drawn.size + 2 * quiet}
            height={drawn.size + 2 * quiet}
            fill="#fff"
          />
          <path d={drawn.path} fill="#000" />
        </svg>
      ) : (
        <div className="bonus-qr__code" aria-hidden="true" />
      )}
      <figcaption className="bonus-qr__caption">{t('showWaiter')}</figcaption>
    </figure>
  )
}

function ProgramTerms({ program }: { program: BonusProgram }) {
  const { t, language } = useMessages(bonusMessages)
  return (
    <ul className="bonus-terms">
      <li>{t('earn', { percent: percent(program.earnBasisPoints) })}</li>
      <li>{t('pay', { percent: percent(program.maxShareBasisPoints) })}</li>
      <li>{t('expiry', { days: program.expiryDays })}</li>
      {program.welcomePoints > 0 ? (
        <li>{t('welcome', { points: pointsText(program.welcomePoints, language) })}</li>
      ) : null}
      {program.birthdayPoints > 0 ? (
        <li>{t('birthday', { points: pointsText(program.birthdayPoints, language) })}</li>
      ) : null}
    </ul>
  )
}

function Register({ program, restaurantId }: { program: BonusProgram; restaurantId: string }) {
  const { t, language } = useMessages(bonusMessages)
  const register = useRegisterBonusCard(restaurantId)
  const [accepted, setAccepted] = useState(false)
  const acceptId = useId()
  return (
    <form
      className="bonus-register"
      onSubmit={(event) => {
        event.preventDefault()
        if (accepted) register.mutate()
      }}
    >
      <ProgramTerms program={program} />
      <details className="bonus-rules">
        <summary>{t('rules')}</summary>
        <ol>
          {program.rules[language].map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </details>
      <label className="bonus-accept" htmlFor={acceptId}>
        <input
          id={acceptId}
          type="checkbox"
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
        <span>{t('accept')}</span>
      </label>
      {register.isError ? (
        <p className="client-problem" role="alert">
          {t('failed')}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonClass('primary', { block: true })}
        disabled={!accepted || register.isPending}
      >
        {t('register')}
      </button>
    </form>
  )
}

function EntryRow({ entry, timeZone }: { entry: BonusEntry; timeZone: string }) {
  const { t, language } = useMessages(bonusMessages)
  const note = [
    shownDate(entry.createdAt, language, timeZone, true),
    entry.orderNumber === null ? null : t('order', { number: entry.orderNumber }),
    entry.status === 'available' ? null : t(`status_${entry.status}`),
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className="bonus-ledger__entry">
      <span className="bonus-ledger__what">
        <span>{t(`kind_${entry.kind}`)}</span>
        <span className="bonus-ledger__note">{note}</span>
      </span>
      <span
        className={`bonus-ledger__points${entry.points > 0 ? ' bonus-ledger__points--plus' : ''}${entry.status === 'available' ? '' : ' bonus-ledger__points--muted'}`}
      >
        {entry.points > 0 ? '+' : '−'}
        {String(Math.abs(entry.points))}
      </span>
    </li>
  )
}

function Card({ card, timeZone }: { card: BonusCard; timeZone: string }) {
  const { t, language } = useMessages(bonusMessages)
  return (
    <div className="bonus-card">
      <div className="bonus-card__face">
        <p className="bonus-card__label">{t('number')}</p>
        <p className="bonus-card__number" data-testid="bonus-card-number">
          {groupedNumber(card.number)}
        </p>
        <CardQr number={card.number} />
      </div>
      <div className="bonus-card__balance">
        <p className="bonus-card__label">{t('balance')}</p>
        <p className="bonus-card__points" data-testid="bonus-balance">
          {String(card.balance)}
        </p>
        {card.pending > 0 ? (
          <p className="bonus-card__aside">{t('pending', { points: card.pending })}</p>
        ) : null}
        {card.nextExpiry ? (
          <p className="bonus-card__aside">
            {t('expires', {
              points: pointsText(card.nextExpiry.points, language),
              date: shownDate(card.nextExpiry.at, language, timeZone),
            })}
          </p>
        ) : null}
      </div>
      <h3 className="bonus-ledger__title">{t('ledger')}</h3>
      {card.entries.length === 0 ? <p className="client-form__note">{t('noEntries')}</p> : null}
      <ul className="bonus-ledger">
        {card.entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} timeZone={timeZone} />
        ))}
      </ul>
    </div>
  )
}

/** The profile's bonus card: the programme and registering, or the card itself. */
export function BonusCardSection({
  restaurantId,
  timeZone,
}: {
  restaurantId: string
  timeZone: string
}) {
  const { t } = useMessages(bonusMessages)
  const program = useBonusProgram(restaurantId)
  const card = useBonusCard(restaurantId)
  const titleId = useId()
  // No programme and no card: nothing to offer here.
  if (program.data === null && card.data === null) return null
  if (program.isPending || card.isPending) return null
  return (
    <section className="client-card" aria-labelledby={titleId}>
      <h2 className="client-card__title" id={titleId}>
        {t('title')}
      </h2>
      {card.data ? (
        <Card card={card.data} timeZone={timeZone} />
      ) : program.data ? (
        <Register program={program.data} restaurantId={restaurantId} />
      ) : (
        <p className="client-problem">{t('failed')}</p>
      )}
    </section>
  )
}
