import { HttpError } from '../http/http-error'

/** Fewer different characters than this is a pattern (`aaaaaaaaaa`, `1212121212`), not a password. */
const MIN_DIFFERENT_CHARACTERS = 5

/**
 * A manager's new password (issue 27, decision 0107), beyond the contract's 10–200 characters:
 * at least five different characters, and not the login in disguise. 400 `weak_password` on
 * `body.<field>`, so the form can say it next to the field.
 */
export function checkNewPassword(password: string, login: string, field: string): void {
  const different = new Set(password.toLowerCase()).size
  const containsLogin = login.length >= 3 && password.toLowerCase().includes(login.toLowerCase())
  if (different >= MIN_DIFFERENT_CHARACTERS && !containsLogin) return
  const message = containsLogin
    ? 'A password must not contain the login'
    : 'A password needs at least 5 different characters'
  throw new HttpError(400, 'weak_password', `${message}.`, [{ path: `body.${field}`, message }])
}
