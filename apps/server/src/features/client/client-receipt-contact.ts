import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { createClientRepository } from './client-repository'

/**
 * What a payment needs of the diner's profile (decision 0142): keeping where their receipts go,
 * in the payment's own transaction, for the diner the request's X-Profile-Token signs in.
 */
export interface ClientReceiptContacts {
  keep(clientId: string, contact: string, trx: Transaction<Database>): Promise<void>
}

export function createClientReceiptContacts(db: Kysely<Database>): ClientReceiptContacts {
  const repository = createClientRepository(db)
  return {
    keep: (clientId, contact, trx) => repository.keepReceiptContact(clientId, contact, trx),
  }
}
