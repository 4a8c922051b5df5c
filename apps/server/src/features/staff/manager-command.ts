import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { MANAGER_PASSWORD_LENGTH } from '@tableside/contracts/staff'
import {
  CommandFailure,
  runCommand,
  UsageError,
  withServerDatabase,
  type CommandIo,
} from '../../lib/command-io'
import { restaurantExists } from '../restaurants/restaurant-repository'
import { createStaffRepository } from './staff-repository'
import { createStaffService, normalizeStaffLogin } from './staff-service'

const USAGE = `Usage:
  npm run manager:create -- --login LOGIN --name "NAME" [--restaurant ID] [--password-stdin]

Makes a manager of the restaurant (default "demo"), who signs in to the back office at
/rest/ID/admin. Without --password-stdin a strong password is made and printed once: give it
to the manager. With it, the password is read from standard input (at least
${String(MANAGER_PASSWORD_LENGTH.min)} characters). The database is the server's: DATABASE_URL,
or the embedded one in DATA_DIR (./data) while the server is stopped.`

/** The first manager of a restaurant, from the command line (issue 17). */
export function runManagerCommand(
  argv: readonly string[],
  io: CommandIo & { stdin?: () => Promise<string> },
): Promise<number> {
  return runCommand(io, USAGE, () => run(argv, io))
}

async function run(
  argv: readonly string[],
  { env, out, stdin }: CommandIo & { stdin?: () => Promise<string> },
): Promise<void> {
  const [command, ...rest] = argv
  if (command !== 'create') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.')
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      restaurant: { type: 'string', default: 'demo' },
      login: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  })
  const login = normalizeStaffLogin(values.login ?? '')
  const name = (values.name ?? '').trim()
  if (!/^[^\s]{1,64}$/u.test(login)) throw new UsageError('Give a login: --login maria.')
  if (name.length === 0 || name.length > 100) throw new UsageError('Give a name: --name "Мария".')
  let password = randomBytes(15).toString('base64url')
  if (values['password-stdin']) {
    if (!stdin) throw new UsageError('Nothing to read the password from.')
    password = (await stdin()).replace(/\r?\n$/, '')
    if (password.length < MANAGER_PASSWORD_LENGTH.min) {
      throw new CommandFailure(
        `The password is too short: at least ${String(MANAGER_PASSWORD_LENGTH.min)} characters.`,
      )
    }
  }
  await withServerDatabase(env, async (db) => {
    if (!(await restaurantExists(db, values.restaurant)))
      throw new CommandFailure(`There is no restaurant "${values.restaurant}".`)
    const taken = await createStaffRepository(db).findByLogin(values.restaurant, login)
    if (taken) throw new CommandFailure(`"${values.restaurant}" already has a login "${login}".`)
    await createStaffService({ db }).create({
      restaurantId: values.restaurant,
      role: 'manager',
      name,
      login,
      secret: password,
    })
  })
  out(
    `Manager ${name} (${login}) of "${values.restaurant}" can sign in at /rest/${values.restaurant}/admin.\n` +
      (values['password-stdin']
        ? ''
        : `Password: ${password}\nGive it to them; it is not shown again.\n`),
  )
}
