import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { publicOrigin } from '../../http/request-origin'
import { createClientReceiptContacts } from '../client/client-receipt-contact'
import { createOrderPaymentRepository } from '../orders/order-payment-repository'
import { createRefundRepository } from '../orders/refund-repository'
import { noPaymentProvider, onlinePaymentNotice } from './online-payment-setup'
import type { PaymentProvider } from './payment-provider'
import { createPaymentRepository } from './payment-repository'
import { registerPaymentRoutes } from './payment-routes'
import { createPaymentService, type PaymentService } from './payment-service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The acquirer that takes online payments (an adapter), or none. */
    paymentProvider: PaymentProvider
  }
}

/** Payments that nobody finished are looked for this often. */
const OVERDUE_SWEEP_MS = 30_000

/** No provider: online payment is off and diners pay the waiter. */
export const noPaymentProviderPlugin = fp(
  (app, _options, done) => {
    app.decorate('paymentProvider', noPaymentProvider)
    done()
  },
  { name: 'payment-provider' },
)

/** The payments service on the app's parts: the plugin's, and a test's that sweeps by hand. */
export function paymentServiceOf(app: FastifyInstance): PaymentService {
  const { db } = app
  return createPaymentService({
    db,
    providers: app.paymentProviders,
    repository: createPaymentRepository(db),
    orderPayments: createOrderPaymentRepository(db),
    restaurants: app.restaurants,
    tableSessions: app.tableSessions,
    outbox: app.outbox,
    alertAtTable: app.alertAtTable,
    bonus: app.orderBonus,
    refunds: createRefundRepository(db),
    receipts: app.receipts,
    receiptContacts: createClientReceiptContacts(db),
    log: app.log,
  })
}

/** Online payments of orders and bills, the webhooks that settle them, and the overdue sweep. */
export const paymentsPlugin = fp(
  async (app) => {
    const { config, log } = app
    const notice = onlinePaymentNotice(config.payments, config.environment)
    log[notice.level](notice.message)
    const payments = paymentServiceOf(app)
    app.periodicJobs.add({
      name: 'overdue-payments',
      everyMs: OVERDUE_SWEEP_MS,
      run: () => payments.sweepOverdue(),
    })
    const { clientAuth } = app
    await registerApiRoutes(app, (api) => {
      registerPaymentRoutes(
        api,
        payments,
        (request) => publicOrigin(config, request),
        async (request) => (await clientAuth.clientOf(request))?.id ?? null,
      )
    })
  },
  {
    name: 'payments',
    dependencies: [
      'context',
      'outbox',
      'restaurants',
      'garcon',
      'table-sessions',
      'client',
      'bonus',
      'payment-provider',
      'payment-providers',
      'receipts',
    ],
  },
)
