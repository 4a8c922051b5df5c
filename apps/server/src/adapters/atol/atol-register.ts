import type {
  FiscalRegister,
  FiscalRegisters,
  FiscalReport,
} from '../../features/receipts/fiscal-register'
import {
  FiscalRegisterRefused,
  FiscalRegisterUnavailable,
} from '../../features/receipts/fiscal-register'
import type { SecretBox } from '../../lib/secret-box'
import {
  AtolError,
  type AtolApiOptions,
  type AtolReport,
  AtolUnavailable,
  atolTimestamp,
  createAtolApi,
} from './atol-api'
import { atolReceipt } from './atol-receipt'

const reportOf = (report: AtolReport): FiscalReport => ({
  providerId: report.uuid,
  state: report.status,
  error: report.error,
})

/** АТОЛ's failures in the port's words: down (repeat later) or refused (a manager looks). */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AtolUnavailable) throw new FiscalRegisterUnavailable(error.message)
    if (error instanceof AtolError) throw new FiscalRegisterRefused(error.message)
    throw error
  }
}

/**
 * Each restaurant's АТОЛ Онлайн account as a `FiscalRegister` (decision 0134): the password is
 * opened from its seal only here. One client per account is kept, so its token (24 h) is reused.
 */
export function createAtolRegisters(options: {
  secrets: SecretBox | null
  api?: AtolApiOptions
}): FiscalRegisters {
  const clients = new Map<string, { key: string; register: FiscalRegister }>()
  return (settings) => {
    if (settings.mode !== 'atol' || !settings.atolLogin || !settings.atolGroupCode) return undefined
    if (!settings.atolSecretSealed) return undefined
    if (!options.secrets) {
      return {
        send: () =>
          Promise.reject(
            new FiscalRegisterRefused('SECRETS_KEY is not set: the АТОЛ password cannot be opened'),
          ),
        report: () => Promise.reject(new FiscalRegisterRefused('SECRETS_KEY is not set')),
      }
    }
    const key = [
      settings.atolLogin,
      settings.atolSecretSealed,
      settings.atolGroupCode,
      String(settings.atolLive),
    ].join(' ')
    const kept = clients.get(settings.restaurantId)
    if (kept?.key === key) return kept.register
    const api = createAtolApi(
      {
        login: settings.atolLogin,
        password: options.secrets.open(settings.atolSecretSealed, settings.restaurantId),
        groupCode: settings.atolGroupCode,
        live: settings.atolLive,
      },
      options.api,
    )
    const register: FiscalRegister = {
      send: ({ externalId, receipt, company, at }) =>
        translated(async () =>
          reportOf(
            await api.send(receipt.kind, {
              external_id: externalId,
              receipt: atolReceipt(receipt, company),
              timestamp: atolTimestamp(at),
            }),
          ),
        ),
      report: (providerId) => translated(async () => reportOf(await api.report(providerId))),
    }
    clients.set(settings.restaurantId, { key, register })
    return register
  }
}
