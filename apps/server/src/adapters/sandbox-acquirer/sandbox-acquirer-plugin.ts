import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  confirmSandbox3ds,
  decideSandboxSbp,
  getSandboxPayment,
  payWithSandboxCard,
  SANDBOX_ACQUIRER_PREFIX,
} from '@tableside/contracts/sandbox-acquirer'
import { registerEndpoint } from '../../http/register-endpoint'
import { SandboxAcquirer, SANDBOX_SIGNATURE_HEADER } from './sandbox-acquirer'
import { loadSandboxSecret } from './sandbox-secret'

/**
 * The built-in pretend acquirer (decision 0024) as the payment provider: its books, its hosted
 * page's API under its own prefix, and its webhooks to the shop, sent until answered.
 */
export const sandboxAcquirerPlugin = fp(
  async (app) => {
    const { config } = app
    const acquirer = new SandboxAcquirer({
      db: app.db,
      secret: await loadSandboxSecret(config.sandboxAcquirerSecret, app.db, config.dataDir),
      deliver: (body, signature) => deliverWebhook(app, body, signature),
      onDeliveryError: (error) => app.log.warn({ err: error }, 'Sandbox webhook delivery failed'),
      // The app's clock, as the shop that verifies its webhooks and expires payments keeps it.
      now: app.now,
    })
    app.decorate('paymentProvider', acquirer)
    app.addHook('onReady', () => {
      acquirer.start()
      return Promise.resolve()
    })
    app.addHook('onClose', () => acquirer.stop())
    await app.register(
      (bank) => {
        registerSandboxAcquirerRoutes(bank, acquirer)
        return Promise.resolve()
      },
      { prefix: SANDBOX_ACQUIRER_PREFIX },
    )
  },
  { name: 'payment-provider', dependencies: ['context'] },
)

const WEBHOOK_TIMEOUT_MS = 10_000

/** The acquirer calls back as a bank would: over HTTP once listening, else in-process. */
async function deliverWebhook(
  app: FastifyInstance,
  body: string,
  signature: string,
): Promise<number> {
  const headers = { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature }
  const url = `${app.config.apiBase}/payments/webhooks/sandbox`
  const address = app.server.address()
  if (address && typeof address === 'object') {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    const target = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host
    const response = await fetch(`http://${target}:${address.port}${url}`, {
      method: 'POST',
      headers,
      body,
      // Well inside the lease of a claimed webhook: an answer that never comes is retried.
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
    await response.arrayBuffer()
    return response.status
  }
  return (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode
}

/** The sandbox acquirer's own API, under its own prefix as an acquirer's site would be. */
function registerSandboxAcquirerRoutes(app: FastifyInstance, acquirer: SandboxAcquirer) {
  registerEndpoint(app, getSandboxPayment, ({ params }) => acquirer.view(params.ref))
  registerEndpoint(app, payWithSandboxCard, ({ params, body }) =>
    acquirer.payByCard(params.ref, body),
  )
  registerEndpoint(app, confirmSandbox3ds, ({ params, body }) =>
    acquirer.confirm3ds(params.ref, body),
  )
  registerEndpoint(app, decideSandboxSbp, ({ params, body }) =>
    acquirer.decideSbp(params.ref, body.decision),
  )
}
