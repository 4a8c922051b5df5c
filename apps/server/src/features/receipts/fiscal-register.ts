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

/**
 * Where a receipt that went with the acquirer's payment or refund (`providerId`, the acquirer's
 * id of it) stands at the acquirer's receipt service (YooKassa's `receipt_registration`, decision
 * 0141): on its way, registered, refused; null where the acquirer does not say. Throws when the
 * acquirer cannot be asked now.
 */
export type AcquirerReceipts = (receipt: {
  paymentId: string
  kind: 'sell' | 'sell_refund'
  providerId: string
}) => Promise<'pending' | 'succeeded' | 'canceled' | null>
