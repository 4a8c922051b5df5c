import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'

/** The signed-in manager a change is made by. */
export interface ManagerRef {
  id: string
  restaurantId: string
  name: string
}

/** One audit entry, written in the transaction of the change it describes. */
export interface AuditEntry {
  action: string
  entity: string
  entityId: string | null
  before: unknown
  after: unknown
}

export interface StaffAdminDeps {
  audit: {
    record(trx: Transaction<Database>, manager: ManagerRef, entry: AuditEntry): Promise<unknown>
  }
  /** scrypt of a PIN or password, as the sign-ins check it. */
  hashSecret: (secret: string) => Promise<string>
  now?: () => Date
}

export const loginTaken = () =>
  new HttpError(409, 'login_taken', 'This login is taken: choose another.', [
    { path: 'body.login', message: 'This login is taken' },
  ])
