import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30
/** A code from the step before or after still counts: a phone's clock is often off a little. */
const WINDOW = 1

function totpOf(secret: string, label = 'manager', issuer = 'Tableside') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  })
}

/** A new 160-bit secret, base32 (what the database keeps and the app is given). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function checkTotp(secret: string, code: string, at: Date): boolean {
  return totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW }) !== null
}

/** The code an authenticator shows at `at` (tests and the command line). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() })
}

/** The otpauth:// link and its QR code, for the manager's authenticator app to scan. */
export async function totpEnrolment(secret: string, label: string, issuer: string) {
  const uri = totpOf(secret, label, issuer).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, uri, qrSvg }
}
