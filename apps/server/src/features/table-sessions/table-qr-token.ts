import { randomBytes } from 'node:crypto'

/** A new token for a table's QR code: 128 random bits as 22 base64url characters (decision 0026). */
export const newTableQrToken = (): string => randomBytes(16).toString('base64url')

/** The address a table's QR code carries; `publicUrl` has no trailing slash. */
export const tableQrLink = (publicUrl: string, restaurantId: string, qrToken: string): string =>
  `${publicUrl}/rest/${encodeURIComponent(restaurantId)}/init?table=${qrToken}`
