import { createPaymentAccountRepository } from '../features/restaurants/payment-account-repository'
import { createSecretBox } from '../lib/secret-box'
import { STAND_IN_SECRET_KEY, STAND_IN_SHOP_ID } from '../adapters/yookassa/yookassa-stand-in'
import type { TestApp } from './test-app'

export const TEST_SECRETS_KEY = 'a'.repeat(64)

/** Gives `restaurantId` YooKassa's stand-in as its acquirer, its secret sealed as the app seals. */
export async function useYooKassa(t: TestApp, restaurantId: string, methods = ['card', 'sbp']) {
  const box = createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'hex'))
  await t.database.db.transaction().execute((trx) =>
    createPaymentAccountRepository(t.database.db).write(
      trx,
      {
        restaurantId,
        provider: 'yookassa',
        accountProvider: 'yookassa',
        accountId: STAND_IN_SHOP_ID,
        secretSealed: box.seal(STAND_IN_SECRET_KEY, restaurantId),
        secretLast4: STAND_IN_SECRET_KEY.slice(-4),
        live: false,
        methods: methods as ('card' | 'sbp')[],
      },
      new Date(),
    ),
  )
}
