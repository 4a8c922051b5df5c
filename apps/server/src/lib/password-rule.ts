import { passwordWeakness } from '@tableside/contracts/staff'
import { HttpError } from '../http/http-error'

/**
 * A manager's new password (issue 27, decision 0107), beyond the contract's 10–200 characters:
 * `passwordWeakness` of the contract, refused as 400 `weak_password` on `body.<field>`, so the
 * form can say it next to the field.
 */
export function checkNewPassword(password: string, login: string, field: string): void {
  const weakness = passwordWeakness(password, login)
  if (weakness === null) return
  const message =
    weakness === 'has_login'
      ? 'A password must not contain the login'
      : 'A password needs at least 5 different characters'
  throw new HttpError(400, 'weak_password', `${message}.`, [{ path: `body.${field}`, message }])
}
