import type { FieldError } from '@tableside/contracts/errors'
import type { StaffMessageKey } from './admin-staff-messages'

/** Who a dialog adds: a waiter and a kitchen login get a PIN, a manager a password. */
export type AccountKind = 'waiter' | 'manager' | 'kitchen'

export interface AccountForm {
  name: string
  login: string
  /** The PIN, or a manager's password. */
  secret: string
}

export type AccountField = keyof AccountForm
export type AccountProblems = Partial<Record<AccountField, StaffMessageKey>>

const LOGIN = /^[a-z0-9][a-z0-9._-]{1,31}$/
const PIN = /^\d{4,8}$/

/** The login as the server keeps it: trimmed, lower case. */
export const typedLogin = (login: string) => login.trim().toLowerCase()

/** What is wrong before asking the server, field by field (the server judges the same). */
export function accountProblems(kind: AccountKind, form: AccountForm): AccountProblems {
  const problems: AccountProblems = {}
  if (form.name.trim() === '') problems.name = 'nameRequired'
  if (!LOGIN.test(typedLogin(form.login))) problems.login = 'loginInvalid'
  if (kind === 'manager') {
    if (form.secret.length < 10) problems.secret = 'passwordShort'
  } else if (!PIN.test(form.secret)) {
    problems.secret = 'pinInvalid'
  }
  return problems
}

/** The server's field errors on the dialog's fields (`body.login` taken, a bad PIN…). */
export function serverProblems(code: string, fields: readonly FieldError[]): AccountProblems {
  const problems: AccountProblems = {}
  if (code === 'login_taken') problems.login = 'loginTaken'
  for (const { path } of fields) {
    if (path === 'body.name') problems.name = 'nameRequired'
    else if (path === 'body.login') problems.login ??= 'loginInvalid'
    else if (path === 'body.pin') problems.secret = 'pinInvalid'
    else if (path === 'body.password') problems.secret = 'passwordShort'
  }
  return problems
}
