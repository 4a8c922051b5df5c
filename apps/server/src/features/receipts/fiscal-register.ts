import type { FiscalReceipt } from '@tableside/contracts/receipts'
import type { Selectable } from 'kysely'
import type { FiscalSettingsTable } from '../../db/schema'

/**
 * A restaurant's own online cash register (decision 0134): АТОЛ Онлайн v5 is the adapter the app
 * registers (`adapters/atol`); features know only this port.
 */
export interface FiscalRegister {
  /**
   * Registers a receipt under `externalId`; the same id again answers the document already
   * taken, never a second one. Throws `FiscalRegisterRefused` for a final refusal (wrong
   * credentials, a receipt it will not take) and `FiscalRegisterUnavailable` when it is down.
   */
  send(document: {
    externalId: string
    receipt: FiscalReceipt
    company: { email: string; inn: string; paymentAddress: string }
    at: Date
  }): Promise<FiscalReport>
  report(providerId: string): Promise<FiscalReport>
}

export interface FiscalReport {
  providerId: string
  state: 'wait' | 'done' | 'fail'
  error: string | null
}

export class FiscalRegisterRefused extends Error {
  override readonly name = 'FiscalRegisterRefused'
}

export class FiscalRegisterUnavailable extends Error {
  override readonly name = 'FiscalRegisterUnavailable'
}

export type FiscalSettingsRow = Selectable<FiscalSettingsTable>

/** The register a restaurant's settings name; undefined when they name none it can open. */
export type FiscalRegisters = (settings: FiscalSettingsRow) => FiscalRegister | undefined

/** A receipt at the acquirer's receipt service: on its way, registered, refused. */
export type AcquirerRegistration = 'pending' | 'succeeded' | 'canceled'

/**
 * The acquirer's receipt service, for receipts that went with its payments and refunds
 * (decisions 0141, 0147). Each throws `FiscalRegisterUnavailable` when the acquirer cannot be
 * asked now.
 */
export interface AcquirerReceipts {
  /**
   * Where a receipt stands (YooKassa's `receipt_registration` of the payment or refund, or the
   * `status` of a receipt it made on a retry): `providerId` is the acquirer's id of it; null
   * where the acquirer does not say.
   */
  registration(receipt: {
    paymentId: string
    of: 'payment' | 'refund' | 'receipt'
    providerId: string
  }): Promise<AcquirerRegistration | null>
  /**
   * Sends a refused receipt again as one of its own for the payment or refund (`acquirerRef`,
   * the acquirer's id of it); the same receipt id and generation make no second one. Null where
   * the acquirer cannot; `refused` with its words for a receipt it will not take.
   */
  create(receipt: {
    paymentId: string
    type: 'payment' | 'refund'
    acquirerRef: string
    receiptId: string
    generation: number
    body: FiscalReceipt
  }): Promise<
    { providerId: string; registration: AcquirerRegistration } | { refused: string } | null
  >
}
