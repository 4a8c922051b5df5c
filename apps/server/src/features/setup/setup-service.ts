import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { RestaurantDirectory, SetupBody } from '@tableside/contracts/setup'
import type { Manager } from '@tableside/contracts/staff'
import { sharedKey } from '../../db/server-keys'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { AuditChange } from '../audit/audit-log'
import { newRestaurant, NewRestaurantError } from '../restaurants/new-restaurant'
import {
  anyRestaurant,
  insertRestaurant,
  listRestaurants,
} from '../restaurants/restaurant-repository'
import { createSetupRepository, SETUP_TOKEN_KEY } from './setup-repository'

/** The locale a new restaurant's prices and dates take from the language chosen for it. */
const LOCALE_OF = { ru: 'ru-RU', en: 'en-GB' } as const
const TOKEN_BYTES = 24

export const alreadySetUp = () =>
  new HttpError(
    409,
    'already_set_up',
    'This install already has a restaurant: sign in to its back office, or ask its manager.',
  )
const tokenInvalid = () =>
  new HttpError(
    403,
    'setup_token_invalid',
    "This is not the setup link the server printed: open the link from the server's start log.",
    [{ path: 'body.setupToken', message: 'Not the setup code the server printed' }],
  )

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
/** In constant time: how much of a guess is right never shows in how long the answer takes. */
const sameToken = (given: string, stored: string) => timingSafeEqual(digest(given), digest(stored))

export interface SetupDeps {
  db: Kysely<Database>
  demo: boolean
  /** The first manager, signed in, written in `trx` (the staff feature's service). */
  startFirstManager: (
    trx: Transaction<Database>,
    input: { restaurantId: string; name: string; login: string; password: string },
  ) => Promise<{ token: string; expiresAt: string; staff: Manager }>
  audit: {
    record(trx: Transaction<Database>, manager: Manager, change: AuditChange): Promise<void>
  }
}

/**
 * A restaurant from nothing (issue 29, decision 0115). While the database has no restaurant, the
 * server keeps a setup token in `server_keys` (every node the same one) and prints it at start;
 * the browser's setup creates the restaurant and its first manager with it, in one transaction
 * that holds the token's row, checks that there is still no restaurant and forgets the token.
 */
export function createSetupService({ db, demo, startFirstManager, audit }: SetupDeps) {
  const repository = createSetupRepository()
  return {
    /** The token to print, made now if there is no restaurant; none once there is one. */
    async pendingToken(): Promise<string | undefined> {
      if (await anyRestaurant(db)) return undefined
      return sharedKey(db, SETUP_TOKEN_KEY, () => randomBytes(TOKEN_BYTES).toString('base64url'))
    },

    async directory(): Promise<RestaurantDirectory> {
      const restaurants = await listRestaurants(db)
      return { restaurants, setupOpen: restaurants.length === 0, demo }
    },

    async setUp(body: SetupBody) {
      const restaurant = restaurantOf(body.restaurant)
      return db.transaction().execute(async (trx) => {
        const stored = await repository.lockToken(trx)
        if (await anyRestaurant(trx)) throw alreadySetUp()
        if (stored === undefined || !sameToken(body.setupToken, stored)) throw tokenInvalid()
        if (!(await insertRestaurant(trx, restaurant))) throw alreadySetUp()
        const signedIn = await startFirstManager(trx, {
          restaurantId: restaurant.id,
          ...body.manager,
        })
        await repository.forgetToken(trx)
        await audit.record(trx, signedIn.staff, {
          action: 'create',
          entity: 'restaurant',
          entityId: restaurant.id,
          before: null,
          after: { ...restaurant, manager: { name: body.manager.name, login: body.manager.login } },
        })
        return { restaurantId: restaurant.id, ...signedIn }
      })
    },
  }
}

export type SetupService = ReturnType<typeof createSetupService>

function restaurantOf(input: SetupBody['restaurant']) {
  try {
    return newRestaurant({
      id: input.id,
      name: input.name,
      timezone: input.timezone,
      currency: 'RUB',
      locale: LOCALE_OF[input.language],
    })
  } catch (error) {
    if (!(error instanceof NewRestaurantError)) throw error
    throw new HttpError(400, 'validation_failed', error.message, [
      { path: `body.restaurant.${error.field}`, message: error.message },
    ])
  }
}
