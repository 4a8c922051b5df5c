import { createPaymentAccountRepository } from '../features/restaurants/payment-account-repository'
import { createSecretBox } from '../lib/secret-box'
import { STAND_IN_PASSWORD, STAND_IN_TERMINAL_KEY } from '../adapters/tbank/tbank-stand-in'
import type { TestApp } from './test-app'
import { TEST_SECRETS_KEY } from './test-yookassa'

/** Gives `restaurantId` a T-Bank terminal (the stand-in's) as its acquirer, sealed as the app seals. */
export async function useTBank(
  t: TestApp,
  restaurantId: string,
  terminal = { terminalKey: STAND_IN_TERMINAL_KEY, password: STAND_IN_PASSWORD },
  methods: ('card' | 'sbp')[] = ['card', 'sbp'],
) {
  const box = createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'hex'))
  await t.database.db.transaction().execute((trx) =>
    createPaymentAccountRepository(t.database.db).write(
      trx,
      {
        restaurantId,
        provider: 'tbank',
        accountProvider: 'tbank',
        accountId: terminal.terminalKey,
        secretSealed: box.seal(terminal.password, restaurantId),
        secretLast4: terminal.password.slice(-4),
        live: !terminal.terminalKey.endsWith('DEMO'),
        methods,
      },
      new Date(),
    ),
  )
}
