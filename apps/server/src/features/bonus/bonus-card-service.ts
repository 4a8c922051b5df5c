import type { Kysely } from 'kysely'
import type { BonusCard, BonusProgram as BonusProgramView } from '@tableside/contracts/bonus'
import { BONUS_LEDGER_SHOWN } from '@tableside/contracts/bonus'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { BonusLedger } from './bonus-ledger'
import {
  cardIdOfClient,
  entriesWithOrderNumbers,
  type BonusProgram,
} from './bonus-ledger-repository'

const percent = (basisPoints: number) => `${String(basisPoints / 100).replace('.', ',')} %`
const percentEn = (basisPoints: number) => `${String(basisPoints / 100)} %`

/** The programme's rules in words: what the diner accepts on registering a card. */
export function programRules(program: BonusProgram): BonusProgramView['rules'] {
  const ru = [
    `${percent(program.earnBasisPoints)} от оплаченной деньгами суммы заказа возвращается баллами; 1 балл = 1 ₽.`,
    'Баллы начисляются после того, как заказ выполнен и оплачен; до этого они ожидают.',
    `Баллами можно оплатить до ${percent(program.maxShareBasisPoints)} заказа.`,
    `Баллы действуют ${String(program.expiryDays)} дней с начисления; первыми тратятся те, что сгорят раньше.`,
    'При отмене или возврате заказа начисленные за него баллы списываются, потраченные — возвращаются.',
  ]
  const en = [
    `${percentEn(program.earnBasisPoints)} of what an order is paid in money comes back in points; 1 point = 1 ₽.`,
    'Points are credited once the order is completed and paid; until then they are pending.',
    `Points may pay up to ${percentEn(program.maxShareBasisPoints)} of an order.`,
    `Points last ${String(program.expiryDays)} days; those that expire first are spent first.`,
    'A cancelled or refunded order takes back the points it earned and returns those spent on it.',
  ]
  if (program.welcomePoints > 0) {
    ru.push(`${String(program.welcomePoints)} баллов за регистрацию карты.`)
    en.push(`${String(program.welcomePoints)} points for registering the card.`)
  }
  if (program.birthdayPoints > 0) {
    ru.push(`${String(program.birthdayPoints)} баллов в день рождения, если он указан в профиле.`)
    en.push(`${String(program.birthdayPoints)} points on your birthday, if your profile has it.`)
  }
  return { ru, en }
}

/** The card went while it was read (its profile deleted meanwhile). */
const noCard = () =>
  new HttpError(
    404,
    'not_found',
    'This bonus card no longer exists. Этой бонусной карты больше нет.',
  )
const noProgram = () =>
  new HttpError(404, 'not_found', 'This restaurant has no bonus programme. Бонусной программы нет.')

/**
 * The diner's side of the bonus card (decision 0058): the programme in words and numbers,
 * registering a card, and the card with its latest entries. Who the diner is comes from the
 * caller (X-Profile-Token); a card is looked up by that diner and the restaurant only, so
 * no request can name another diner's card.
 */
export function createBonusCardService({
  db,
  ledger,
}: {
  db: Kysely<Database>
  ledger: BonusLedger
}) {
  const view = async (cardId: string): Promise<BonusCard> => {
    const [card, entries] = await Promise.all([
      ledger.card(cardId),
      entriesWithOrderNumbers(db, cardId, BONUS_LEDGER_SHOWN),
    ])
    if (!card) throw noCard()
    return {
      restaurantId: card.restaurantId,
      number: card.number,
      balance: card.balance,
      pending: card.pending,
      nextExpiry: card.nextExpiry
        ? { points: card.nextExpiry.points, at: card.nextExpiry.at.toISOString() }
        : null,
      createdAt: card.createdAt.toISOString(),
      entries: entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        points: entry.points,
        status: entry.status,
        createdAt: entry.createdAt.toISOString(),
        expiresAt: entry.expiresAt ? entry.expiresAt.toISOString() : null,
        orderNumber: entry.orderNumber ?? null,
      })),
    }
  }

  return {
    async program(restaurantId: string): Promise<BonusProgramView> {
      const found = await ledger.program(restaurantId)
      if (!found) throw noProgram()
      return {
        restaurantId: found.restaurantId,
        earnBasisPoints: found.earnBasisPoints,
        maxShareBasisPoints: found.maxShareBasisPoints,
        expiryDays: found.expiryDays,
        welcomePoints: found.welcomePoints,
        birthdayPoints: found.birthdayPoints,
        rules: programRules(found),
      }
    },

    /** The diner's card at the restaurant; null before they register one. */
    async card(clientId: string, restaurantId: string): Promise<{ card: BonusCard | null }> {
      const found = await cardIdOfClient(db, restaurantId, clientId)
      return { card: found ? await view(found.id) : null }
    },

    async register(clientId: string, restaurantId: string): Promise<BonusCard> {
      const card = await ledger.openCard(restaurantId, clientId)
      return view(card.id)
    },
  }
}

export type BonusCardService = ReturnType<typeof createBonusCardService>
