import type { Kysely, Transaction } from 'kysely'
import { restaurantChannel, restaurantUpdated } from '@tableside/contracts/realtime-events'
import type { FiscalSettings, FiscalSettingsBody } from '@tableside/contracts/receipts'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { SecretBox } from '../../lib/secret-box'
import type { AuditChange } from '../audit/audit-log'
import { publishEntry, type Outbox } from '../outbox/outbox'
import type { FiscalSettingsRow } from './fiscal-register'
import { createReceiptRepository } from './receipt-repository'

export interface FiscalSettingsDeps {
  db: Kysely<Database>
  audit: {
    record(trx: Transaction<Database>, manager: Manager, change: AuditChange): Promise<void>
  }
  outbox: Outbox
  profile: (id: string, trx: Transaction<Database>) => Promise<Restaurant | undefined>
  forgetCached: (id: string) => void
  /**
   * The acquirer that takes the restaurant's payments now: receipts "with the acquirer" need one
   * whose receipt service sends them (YooKassa, T-Bank); the sandbox sends none.
   */
  acquirerOf: (restaurantId: string) => Promise<'sandbox' | 'yookassa' | 'tbank' | null>
  /** Seals the АТОЛ password with SECRETS_KEY; null: the server stores no secret. */
  secrets: SecretBox | null
  now: () => Date
}

const invalid = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, [{ path: `body.${field}`, message }])

/** What the audit log keeps of the settings: never the sealed password. */
const audited = (row: FiscalSettingsRow | undefined) =>
  row && {
    mode: row.mode,
    atolLogin: row.atolLogin,
    atolGroupCode: row.atolGroupCode,
    atolLive: row.atolLive,
    passwordLast4: row.atolSecretLast4,
    companyEmail: row.companyEmail,
    paymentAddress: row.paymentAddress,
  }

/**
 * How the restaurant sends its receipts (decision 0134), as its manager sets it: off, with the
 * acquirer's payments, or to its own АТОЛ Онлайн register, whose password is sealed like the
 * acquirer's secret and never shown again beyond its last four characters.
 */
export function createFiscalSettingsService(deps: FiscalSettingsDeps) {
  const { db, audit, outbox, secrets } = deps

  const repository = createReceiptRepository(db)
  const find = repository.settingsOf

  async function missingOf(
    restaurantId: string,
    executor: Kysely<Database> | Transaction<Database> = db,
  ): Promise<FiscalSettings['missing']> {
    const profile = await repository.profileOf(restaurantId, executor)
    if (!profile) throw notFound('This restaurant does not exist.')
    return (['inn', 'taxSystem', 'vatRate', 'legalName'] as const).filter(
      (field) => profile[field] === null,
    )
  }

  const view = (row: FiscalSettingsRow | undefined, missing: FiscalSettings['missing']) => ({
    mode: row?.mode ?? 'off',
    atol:
      row?.atolLogin && row.atolGroupCode
        ? {
            login: row.atolLogin,
            secret: row.atolSecretLast4 ? { last4: row.atolSecretLast4 } : null,
            groupCode: row.atolGroupCode,
            live: row.atolLive,
          }
        : null,
    companyEmail: row?.companyEmail ?? null,
    paymentAddress: row?.paymentAddress ?? null,
    missing,
    canStoreSecrets: secrets !== null,
  })

  return {
    async get(manager: Manager): Promise<FiscalSettings> {
      return view(await find(manager.restaurantId), await missingOf(manager.restaurantId))
    },

    async update(manager: Manager, body: FiscalSettingsBody): Promise<FiscalSettings> {
      const { restaurantId } = manager
      if (body.atol?.password !== undefined && !secrets) {
        throw new HttpError(
          409,
          'secrets_key_missing',
          'This server has no SECRETS_KEY, so it stores no password: set SECRETS_KEY (openssl rand -hex 32) on every node and restart. Nothing was saved.',
        )
      }
      if (body.companyEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.companyEmail)) {
        throw invalid('companyEmail', 'This is not an email address')
      }
      if (body.mode === 'acquirer') {
        const acquirer = await deps.acquirerOf(restaurantId)
        if (acquirer !== 'yookassa' && acquirer !== 'tbank') {
          throw new HttpError(
            409,
            'receipts_acquirer_unsupported',
            acquirer === 'sandbox'
              ? 'The test acquirer sends no receipts to the tax service: choose YooKassa or T-Bank as the acquirer, or send receipts through АТОЛ Онлайн. Nothing was saved.'
              : 'The restaurant takes no online payment, so no acquirer sends its receipts: choose YooKassa or T-Bank as the acquirer first. Nothing was saved.',
          )
        }
      }
      const at = deps.now()
      const { stored, missing } = await db.transaction().execute(async (trx) => {
        const missing = await missingOf(restaurantId, trx)
        if (body.mode !== 'off' && (missing.includes('inn') || missing.includes('taxSystem'))) {
          throw new HttpError(
            409,
            'receipts_profile_incomplete',
            'A receipt names the seller’s INN and tax system: fill them in the restaurant’s profile first. Nothing was saved.',
          )
        }
        const before = await find(restaurantId, trx)
        const sealed =
          body.atol?.password !== undefined && secrets
            ? secrets.seal(body.atol.password, restaurantId)
            : (before?.atolSecretSealed ?? null)
        const last4 =
          body.atol?.password === undefined
            ? (before?.atolSecretLast4 ?? null)
            : body.atol.password.slice(-4)
        if (body.mode === 'atol') {
          if (!body.atol) throw invalid('atol', 'Give the АТОЛ Онлайн login and group code')
          if (!sealed) throw invalid('atol.password', 'Give the АТОЛ Онлайн password')
          if (!body.companyEmail) throw invalid('companyEmail', 'Give the company’s email')
          if (!body.paymentAddress) throw invalid('paymentAddress', 'Give the payment address')
        }
        const stored = await repository.writeSettings(
          trx,
          {
            restaurantId,
            mode: body.mode,
            // Kept when another mode is chosen: receipts on their way still reach the register.
            atolLogin: body.atol?.login ?? before?.atolLogin ?? null,
            atolSecretSealed: sealed,
            atolSecretLast4: last4,
            atolGroupCode: body.atol?.groupCode ?? before?.atolGroupCode ?? null,
            atolLive: body.atol?.live ?? before?.atolLive ?? false,
            companyEmail: body.companyEmail,
            paymentAddress: body.paymentAddress,
          },
          at,
        )
        await audit.record(trx, manager, {
          entity: 'fiscal_settings',
          action: 'update',
          entityId: restaurantId,
          before: audited(before) ?? null,
          after: audited(stored),
        })
        const restaurant = await deps.profile(restaurantId, trx)
        if (restaurant) {
          await outbox.add(
            [publishEntry(restaurantChannel(restaurantId), restaurantUpdated, restaurant)],
            trx,
          )
        }
        return { stored, missing }
      })
      deps.forgetCached(restaurantId)
      void outbox.kick()
      return view(stored, missing)
    },
  }
}

export type FiscalSettingsService = ReturnType<typeof createFiscalSettingsService>
