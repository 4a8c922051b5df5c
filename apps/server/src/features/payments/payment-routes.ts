import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  billChoiceOf,
  cancelPayment,
  getPayment,
  leaveTipFeedback,
  startBillPayment,
  startOrderPayment,
} from '@tableside/contracts/payments'
import { HttpError } from '../../http/http-error'
import { keepJsonBodyRaw, rawBody } from '../../http/raw-json-body'
import { registerEndpoint } from '../../http/register-endpoint'
import { chosenLanguage } from '../../http/chosen-language'
import type { DinerView, PaymentService } from './payment-service'

export const WEBHOOK_PATH = '/payments/webhooks/:provider'

/** `originOf`: where links back to the app start for this request (http/request-origin.ts). */
export function registerPaymentRoutes(
  app: FastifyInstance,
  payments: PaymentService,
  originOf: (request: FastifyRequest) => string,
  payerOf: (request: FastifyRequest) => Promise<string | null> = () => Promise.resolve(null),
) {
  // A token that no longer signs anyone in pays anonymously: the money matters more than points.
  const dinerOf = async (request: FastifyRequest): Promise<DinerView> => ({
    origin: originOf(request),
    language: chosenLanguage(request.headers.cookie),
    payerId: await payerOf(request),
  })
  registerEndpoint(app, startOrderPayment, async ({ params, body, request }) =>
    payments.startOrderPayment(
      params.orderId,
      body.method,
      {
        ...(await dinerOf(request)),
        receiptContact: body.receiptContact,
        keepReceiptContact: body.keepReceiptContact,
      },
      body.tip ?? 0,
    ),
  )
  registerEndpoint(app, startBillPayment, async ({ params, body, request }) => {
    const choice = billChoiceOf(body.choice)
    if (!choice) {
      throw new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
        {
          path: 'body.choice',
          message: 'A share names its parts, chosen items name the items, the rest neither',
        },
      ])
    }
    return payments.startBillPayment(
      params.sessionId,
      { ...body, choice },
      {
        ...(await dinerOf(request)),
        receiptContact: body.receiptContact,
        keepReceiptContact: body.keepReceiptContact,
      },
    )
  })
  registerEndpoint(app, getPayment, ({ params }) => payments.get(params.paymentId))
  registerEndpoint(app, cancelPayment, ({ params }) => payments.cancel(params.paymentId))
  registerEndpoint(app, leaveTipFeedback, ({ params, body }) =>
    payments.leaveTipFeedback(params.paymentId, body),
  )

  void app.register((plain, _options, done) => {
    keepJsonBodyRaw(plain)
    plain.post<{ Params: { provider: string } }>(
      WEBHOOK_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const result = await payments.receiveWebhook(
          request.params.provider,
          request.headers,
          rawBody(request),
          // The client's address by the app's TRUST_PROXY rules: an acquirer that signs nothing
          // (YooKassa) is known by where its notifications come from.
          { address: request.ip },
        )
        // An acquirer that wants a word of its own (T-Bank: OK) gets it, or it sends again.
        const answer = payments.webhookAnswer(request.params.provider)
        if (answer !== undefined) return reply.code(200).type('text/plain').send(answer)
        return reply.code(200).send({ received: true, result })
      },
    )
    done()
  })
}
