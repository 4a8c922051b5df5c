import {
  MAX_CLIENT_ADDRESSES,
  MAX_CLIENT_ORDERS_LISTED,
  type ClientProfile,
} from '@tableside/contracts/client'
import type { DeliveryAddress, PaidWith } from '@tableside/contracts/orders'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { HttpError } from '../../http/http-error'
import { RECEIPT_CONTACT_INVALID, receiptContactOf } from '../../lib/receipt-contact'
import type { ClientOrderRow, ClientRepository } from './client-repository'

/** How each of these orders was actually paid (payments' derivation, decision 0130). */
export type PaidWithOfOrders = (orders: readonly ClientOrderRow[]) => Promise<Map<string, PaidWith>>

const profileGone = () =>
  new HttpError(401, 'unauthorized', 'This profile no longer exists. Sign in again.')

/** The diner's own profile: details, saved addresses, orders, and deleting it all. */
export function createClientProfileService(
  repository: ClientRepository,
  paidWith: PaidWithOfOrders,
  now: () => Date = () => new Date(),
) {
  return {
    async update(
      client: ClientProfile,
      changes: {
        name?: string | null
        birthday?: string | null
        language?: UiLanguage | null
        receiptContact?: string | null
      },
    ): Promise<ClientProfile> {
      if (changes.receiptContact) {
        const stored = receiptContactOf(changes.receiptContact)
        if (!stored) {
          throw new HttpError(400, 'validation_failed', 'Check where receipts go.', [
            { path: 'body.receiptContact', message: RECEIPT_CONTACT_INVALID },
          ])
        }
        changes = { ...changes, receiptContact: stored }
      }
      if (changes.birthday) {
        const today = now().toISOString().slice(0, 10)
        const day = new Date(`${changes.birthday}T00:00:00Z`)
        if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== changes.birthday) {
          throw new HttpError(400, 'validation_failed', 'Check the birthday.', [
            { path: 'body.birthday', message: 'A birthday is a date: YYYY-MM-DD' },
          ])
        }
        if (changes.birthday > today || changes.birthday < '1900-01-01') {
          throw new HttpError(400, 'validation_failed', 'Check the birthday.', [
            {
              path: 'body.birthday',
              message:
                'A birthday is a past date after 1900. Дата рождения — прошедшая дата после 1900 года.',
            },
          ])
        }
      }
      return (await repository.updateClient(client.id, changes)) ?? Promise.reject(profileGone())
    },

    addresses: (client: ClientProfile) => repository.listAddresses(client.id),

    async addAddress(client: ClientProfile, address: DeliveryAddress) {
      const added = await repository.addAddress(client.id, address, MAX_CLIENT_ADDRESSES)
      if (!added) {
        throw new HttpError(
          409,
          'too_many_addresses',
          `A profile keeps at most ${String(MAX_CLIENT_ADDRESSES)} addresses; delete one first. Можно сохранить не больше ${String(MAX_CLIENT_ADDRESSES)} адресов — удалите какой-нибудь.`,
        )
      }
      return added
    },

    async deleteAddress(client: ClientProfile, addressId: string) {
      const deleted = await repository.deleteAddress(client.id, addressId)
      if (deleted === 0) throw new HttpError(404, 'not_found', 'There is no such saved address.')
      return { deleted }
    },

    /** A page of the diner's orders here, and whether older ones follow. */
    async orders(client: ClientProfile, restaurantId: string, before?: string) {
      const page = await repository.listOrders(
        client.id,
        restaurantId,
        MAX_CLIENT_ORDERS_LISTED + 1,
        before,
      )
      if (!page) throw new HttpError(404, 'not_found', 'There is no such order in your history.')
      const listed = page.slice(0, MAX_CLIENT_ORDERS_LISTED)
      // The history names how each was paid, as the order does (issue 28).
      const ways = await paidWith(listed)
      return {
        orders: listed.map((order) => ({
          id: order.id,
          number: order.number,
          placedAt: order.placedAt,
          type: order.type,
          status: order.status,
          total: order.total,
          currency: order.currency,
          points: order.points,
          paymentStatus: order.paymentStatus,
          paidWith: ways.get(order.id) ?? [],
        })),
        more: page.length > MAX_CLIENT_ORDERS_LISTED,
      }
    },

    async deleteProfile(client: ClientProfile) {
      const result = await repository.deleteClient(client.id)
      if ('inProgress' in result) {
        throw new HttpError(
          409,
          'orders_in_progress',
          `Order ${String(result.inProgress)} is still in progress; delete the profile once it is completed. Заказ ${String(result.inProgress)} ещё выполняется — удалите профиль, когда он будет завершён.`,
        )
      }
      return result
    },
  }
}

export type ClientProfileService = ReturnType<typeof createClientProfileService>
