import QRCode from 'qrcode'
import { SETUP_TOKEN_FRAGMENT } from '@tableside/contracts/setup'
import { DEMO_RESTAURANT_ID } from './db/seed-demo'
import { tableQrLink } from './features/table-sessions/table-qr-token'
import type { TableQr } from './features/table-sessions/table-repository'

export interface StartBanner {
  /** Where the printed links start (config/printed-origin.ts). */
  origin: string
  database: string
  demoTables: readonly TableQr[]
  /** A person at a terminal also gets the first table's QR code to scan; logs get the links only. */
  terminal: boolean
  /** While there is no restaurant: the token of the first-run setup (decision 0115). */
  setupToken?: string | undefined
}

/** What `npm start` prints once the server listens. */
export async function startBanner({
  origin,
  database,
  demoTables,
  terminal,
  setupToken,
}: StartBanner): Promise<string> {
  const link = (table: TableQr) => tableQrLink(origin, DEMO_RESTAURANT_ID, table.qrToken)
  const [first] = demoTables
  const local = new URL(origin).hostname === 'localhost'
  const lines = [
    '',
    `  Tableside is running: ${origin}/`,
    `  Database: ${database}`,
    ...(setupToken === undefined
      ? []
      : [
          '  There is no restaurant yet. Set yours up in the browser (this link is its only key;',
          '  keep it to yourself, it works once and until then is printed at every start):',
          `    ${origin}/#${SETUP_TOKEN_FRAGMENT}=${setupToken}`,
        ]),
    ...(first ? [`  Demo menu: ${origin}/rest/${DEMO_RESTAURANT_ID}/menu`] : []),
    ...(first
      ? [
          '  QR links of the demo tables (each token is the key to its table):',
          ...demoTables.map((table) => `    ${table.code.padEnd(4)} ${link(table)}`),
          ...(terminal
            ? [
                local
                  ? `  Table ${first.code}'s QR code (for a phone on the same Wi-Fi, start with HOST=0.0.0.0):`
                  : `  Table ${first.code}'s QR code: scan it with a phone on the same network.`,
                await QRCode.toString(link(first), { type: 'terminal', small: true }),
              ]
            : []),
        ]
      : []),
    `  API docs: ${origin}/api/docs`,
    '',
  ]
  return `${lines.join('\n')}\n`
}
