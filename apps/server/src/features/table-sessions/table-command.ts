import { parseArgs } from 'node:util'
import {
  CommandFailure,
  runCommand,
  UsageError,
  withServerDatabase,
  type CommandIo,
} from '../../lib/command-io'
import { printedOrigin } from '../../config/printed-origin'
import { newTableQrToken, tableQrLink } from './table-qr-token'
import { createTableRepository } from './table-repository'

const USAGE = `Usage:
  npm run table:rotate-token -- --table CODE [--restaurant ID]
  npm run table:links -- [--restaurant ID]

rotate-token gives the table's QR code a new token and prints its new link: print the new
QR code and put it on the table. The old one then joins nothing and says it was replaced.
The restaurant defaults to "demo". The database is the server's: DATABASE_URL, or the
embedded one in DATA_DIR (./data) while the server is stopped. Links start with PUBLIC_URL,
else the address the server listens at (HOST=0.0.0.0: this machine's LAN address).`

/** A restaurant's tables from the command line: their QR links, and a new QR token for one. */
export function runTableCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  return runCommand(io, USAGE, () => run(argv, io))
}

async function run(argv: readonly string[], { env, out }: CommandIo): Promise<void> {
  const [command, ...rest] = argv
  const { values } = parseArgs({
    args: rest,
    options: {
      restaurant: { type: 'string', default: 'demo' },
      table: { type: 'string' },
    },
  })
  const restaurantId = values.restaurant
  if (command !== 'rotate-token' && command !== 'links') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.')
  }
  if (command === 'rotate-token' && !values.table)
    throw new UsageError('Name the table: --table T1.')

  await withServerDatabase(env, async (db, config) => {
    const tables = createTableRepository(db)
    const link = (token: string) => tableQrLink(printedOrigin(config), restaurantId, token)
    if (command === 'links') {
      const list = await tables.list(restaurantId)
      if (list.length === 0) throw new CommandFailure(`"${restaurantId}" has no tables.`)
      for (const table of list) out(`${table.code.padEnd(6)} ${link(table.qrToken)}\n`)
      return
    }
    const code = values.table ?? ''
    const rotated = await tables.rotateQrToken(restaurantId, code, newTableQrToken(), new Date())
    if (!rotated) throw new CommandFailure(`"${restaurantId}" has no table ${code}.`)
    out(
      `Table ${rotated.code} of "${restaurantId}" has a new QR code:\n  ${link(rotated.qrToken)}\n` +
        'Print it and put it on the table: the old code now says it was replaced.\n',
    )
  })
}
