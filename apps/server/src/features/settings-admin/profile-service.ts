import { createHash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  innProblem,
  type RestaurantProfile,
  type RestaurantProfileBody,
} from '@tableside/contracts/admin-profile'
import { restaurantChannel, restaurantUpdated } from '@tableside/contracts/realtime-events'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { phoneDisplay, phoneE164 } from '../../lib/phone-number'
import type { AuditChange } from '../audit/audit-log'
import { publishEntry, type Outbox } from '../outbox/outbox'
import { createProfileRepository, type StoredProfile } from './profile-repository'

export interface ProfileDeps {
  db: Kysely<Database>
  audit: {
    record(trx: Transaction<Database>, manager: Manager, change: AuditChange): Promise<void>
  }
  outbox: Outbox
  profile: (restaurantId: string, trx: Transaction<Database>) => Promise<Restaurant | undefined>
  forgetCached: (restaurantId: string) => void
}

const profileVersion = (stored: StoredProfile) =>
  createHash('sha256').update(JSON.stringify(stored)).digest('base64url').slice(0, 22)

const profileChanged = () =>
  new HttpError(
    409,
    'settings_changed',
    'Someone else saved the profile after you opened it: nothing was saved. Look at theirs and make your change again.',
  )

/** Only a photo uploaded for this restaurant (`POST /admin/menu/photos`) is its logo. */
const uploadedLogo = (restaurantId: string, url: string) =>
  url.startsWith(`/media/photos/${restaurantId}/`) &&
  /^\/media\/photos\/[a-z0-9-]+\/[0-9a-f]{16,64}\/640\.webp$/.test(url)

const view = (stored: StoredProfile): RestaurantProfile => ({
  version: profileVersion(stored),
  name: { ru: stored.name, ...(stored.nameEn === null ? {} : { en: stored.nameEn }) },
  address: stored.address,
  phone: stored.phone,
  phoneDisplay: stored.phone === null ? null : phoneDisplay(stored.phone),
  logo: stored.logo,
  legalName: stored.legalName,
  inn: stored.inn,
  taxSystem: stored.taxSystem,
  vatRate: stored.vatRate,
})

/**
 * The restaurant's profile as its manager edits it (issue 29, decision 0115): checked whole
 * first (a wrong INN or phone changes nothing), then written with its audit entry and the
 * diners' `restaurant.updated` in one transaction, refused when it changed since it was read.
 */
export function createProfileService({ db, audit, outbox, profile, forgetCached }: ProfileDeps) {
  const repository = createProfileRepository(db)

  function storedOf(restaurantId: string, body: RestaurantProfileBody): StoredProfile {
    const phone = body.phone === null ? null : phoneE164(body.phone)
    if (body.phone !== null && phone === null) {
      throw new HttpError(400, 'phone_invalid', 'That is not a phone number.', [
        { path: 'body.phone', message: 'Not a phone number: write it as +7 495 123-45-67' },
      ])
    }
    const inn = body.inn === null || body.inn === '' ? null : body.inn
    const wrongInn = inn === null ? null : innProblem(inn)
    if (wrongInn !== null) {
      const message =
        wrongInn === 'format'
          ? 'An INN is 10 digits (an organisation) or 12 (an entrepreneur)'
          : 'This INN does not exist: its check digits are wrong. Copy it from the registration certificate'
      throw new HttpError(400, 'inn_invalid', `${message}.`, [{ path: 'body.inn', message }])
    }
    if (body.logo !== null && !uploadedLogo(restaurantId, body.logo.url)) {
      throw new HttpError(400, 'validation_failed', 'Upload the logo here first.', [
        { path: 'body.logo.url', message: 'Not a picture uploaded for this restaurant' },
      ])
    }
    const en = body.name.en === undefined || body.name.en === body.name.ru ? null : body.name.en
    return {
      name: body.name.ru,
      nameEn: en,
      address: body.address,
      phone,
      logo:
        body.logo === null
          ? null
          : {
              url: body.logo.url,
              color: body.logo.color,
              alt: { ru: body.name.ru, ...(en === null ? {} : { en }) },
            },
      legalName: body.legalName,
      inn,
      taxSystem: body.taxSystem,
      vatRate: body.vatRate,
    }
  }

  return {
    async get(manager: Manager): Promise<RestaurantProfile> {
      const stored = await repository.read(manager.restaurantId)
      if (!stored) throw notFound('This restaurant does not exist.')
      return view(stored)
    },

    async update(manager: Manager, body: RestaurantProfileBody): Promise<RestaurantProfile> {
      const { restaurantId } = manager
      const next = storedOf(restaurantId, body)
      const after = await db.transaction().execute(async (trx) => {
        const before = await repository.read(restaurantId, trx)
        if (!before) throw notFound('This restaurant does not exist.')
        if (profileVersion(before) !== body.version) throw profileChanged()
        await repository.write(restaurantId, next, trx)
        // Read back: the version is of what is stored (JSON as the database keeps it).
        const stored = await repository.read(restaurantId, trx)
        if (!stored) throw notFound('This restaurant does not exist.')
        await audit.record(trx, manager, {
          action: 'update',
          entity: 'profile',
          entityId: restaurantId,
          before: view(before),
          after: view(stored),
        })
        const restaurant = await profile(restaurantId, trx)
        if (restaurant) {
          await outbox.add(
            [publishEntry(restaurantChannel(restaurantId), restaurantUpdated, restaurant)],
            trx,
          )
        }
        return view(stored)
      })
      forgetCached(restaurantId)
      void outbox.kick()
      return after
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
