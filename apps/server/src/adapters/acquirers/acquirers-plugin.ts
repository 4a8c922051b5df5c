import fp from 'fastify-plugin'
import type { PaymentProviders } from '../../features/payments/payment-provider'
import { createSecretBox } from '../../lib/secret-box'
import { createPaymentProviders } from './payment-providers'

declare module 'fastify' {
  interface FastifyInstance {
    /** Each restaurant's acquirer (decision 0121). */
    paymentProviders: PaymentProviders
  }
}

export interface AcquirersOptions {
  /** Whether the server's own acquirer (PAYMENT_PROVIDER) serves this restaurant. */
  serverServes: (restaurantId: string) => boolean
}

/** The acquirers restaurants chose, beside the server's own (`paymentProvider`). */
export const acquirersPlugin = fp<AcquirersOptions>(
  (app, { serverServes }, done) => {
    const { config } = app
    app.decorate(
      'paymentProviders',
      createPaymentProviders({
        db: app.db,
        server: app.paymentProvider,
        serverServes,
        secrets: config.secretsKey ? createSecretBox(config.secretsKey) : null,
        yookassa: { baseUrl: config.yookassaApiUrl },
        tbank: { baseUrl: config.tbankApiUrl },
      }),
    )
    done()
  },
  { name: 'payment-providers', dependencies: ['context', 'payment-provider'] },
)
