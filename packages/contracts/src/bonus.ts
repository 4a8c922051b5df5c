import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { restaurantId } from './restaurants'

/**
 * The bonus card (issue 16, decisions 0055 and 0058): the restaurant's programme, registering
 * a card from the profile, and the card with its ledger. One point is one unit of the
 * restaurant's currency. The diner's routes take the header X-Profile-Token (401 without).
 */

/** Ledger entries the card answers with, newest first. */
export const BONUS_LEDGER_SHOWN = 100

/** A card number: twelve digits, shown as 4-4-4 and as a QR code for a waiter to scan. */
export const BONUS_CARD_NUMBER_LENGTH = 12

export const bonusProgram = z.object({
  restaurantId: z.string(),
  /** Points earned on the money paid, in basis points (500 = 5 %). */
  earnBasisPoints: z.int(),
  /** The largest share of an order payable in points, in basis points (3000 = 30 %). */
  maxShareBasisPoints: z.int(),
  /** Points expire this many days after they become available. */
  expiryDays: z.int(),
  welcomePoints: z.int(),
  birthdayPoints: z.int(),
  /** The rules in words, Russian and English, one a line: what the diner accepts. */
  rules: z.object({ ru: z.array(z.string()), en: z.array(z.string()) }),
})
export type BonusProgram = z.infer<typeof bonusProgram>

export const bonusEntryKind = z.enum([
  'earn',
  'spend',
  'expire',
  'reverse',
  'adjust',
  'welcome',
  'birthday',
])
export type BonusEntryKind = z.infer<typeof bonusEntryKind>

export const bonusEntry = z.object({
  id: z.string(),
  kind: bonusEntryKind,
  /** Signed: a credit is positive, a debit negative. */
  points: z.int(),
  /** `pending`: an earn waiting for its order to be completed and paid; `void`: it never will. */
  status: z.enum(['pending', 'available', 'void']),
  createdAt: z.string(),
  /** A credit's expiry, if it has one. */
  expiresAt: z.nullable(z.string()),
  /** The order's number when the entry is linked to one. */
  orderNumber: z.nullable(z.int()),
})
export type BonusEntry = z.infer<typeof bonusEntry>

export const bonusCard = z.object({
  restaurantId: z.string(),
  /** Twelve digits. */
  number: z.string(),
  /** Points available to spend. */
  balance: z.int(),
  /** Points earned on orders not yet completed and paid. */
  pending: z.int(),
  /** The points that expire first and when; null: none do. */
  nextExpiry: z.nullable(z.object({ points: z.int(), at: z.string() })),
  createdAt: z.string(),
  /** The latest entries, newest first (at most BONUS_LEDGER_SHOWN). */
  entries: z.array(bonusEntry),
})
export type BonusCard = z.infer<typeof bonusCard>

const byRestaurant = z.object({ restaurantId })

export const getBonusProgram = defineEndpoint({
  method: 'GET',
  path: '/restaurants/:restaurantId/bonus-program',
  summary: "The restaurant's bonus programme, its rules in words and numbers (404 without one)",
  tags: ['bonus'],
  params: byRestaurant,
  status: 200,
  response: bonusProgram,
})

export const getBonusCard = defineEndpoint({
  method: 'GET',
  path: '/me/bonus-card',
  summary:
    "The signed-in diner's card at a restaurant with its ledger; `card` is null before they register one",
  tags: ['bonus'],
  query: byRestaurant,
  status: 200,
  // No card yet is an answer, not a failure: a 404 would be an error in every profile's console.
  response: z.object({ card: z.nullable(bonusCard) }),
})

export const registerBonusCard = defineEndpoint({
  method: 'POST',
  path: '/me/bonus-card',
  summary:
    "Registers the diner's card at a restaurant, accepting the programme's rules (idempotent: the card there already comes back)",
  tags: ['bonus'],
  body: z.object({
    restaurantId,
    acceptRules: z.literal(true, "Accept the programme's rules to register a card"),
  }),
  status: 200,
  response: bonusCard,
})

/**
 * A card as a waiter of its restaurant sees it when the diner shows it (decision 0059): whose
 * it is, told just enough to be sure (the first name and the phone's last four digits), and
 * its points. Not its ledger.
 */
export const garconBonusCard = z.object({
  /** Twelve digits. */
  number: z.string(),
  /** The first word of the name in the diner's profile; null when they gave none. */
  firstName: z.nullable(z.string()),
  /** The phone with all but its last four digits hidden: `+7 ••• •••-12-34`. */
  phone: z.string(),
  balance: z.int(),
  pending: z.int(),
  nextExpiry: z.nullable(z.object({ points: z.int(), at: z.string() })),
})
export type GarconBonusCard = z.infer<typeof garconBonusCard>

export const lookupBonusCard = defineEndpoint({
  method: 'GET',
  path: '/garcon/bonus-cards/:number',
  summary:
    "A card of the signed-in waiter's restaurant by its number: whose (masked) and its points; 404 for any other",
  tags: ['bonus', 'garcon'],
  params: z.object({
    number: z
      .string()
      .check(
        z.regex(
          new RegExp(`^\\d{${String(BONUS_CARD_NUMBER_LENGTH)}}$`),
          'A card number is 12 digits',
        ),
      ),
  }),
  status: 200,
  response: garconBonusCard,
})
