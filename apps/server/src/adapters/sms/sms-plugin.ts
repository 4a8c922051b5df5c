import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { noSmsProvider, type SmsProvider } from '../../features/client/sms-provider'
import { registerDevSmsRoute } from './dev-sms-route'
import { SandboxSms } from './sandbox-sms'
import { smsNotice } from './sms-setup'
import { createSmsRuProvider } from './smsru-sms'

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway that sends diners their sign-in codes (decision 0051). */
    smsProvider: SmsProvider
  }
}

/**
 * The SMS gateway the configuration names (decision 0051), said at start; the sandbox's
 * development page `/dev/sms` where it sends under APP_ENV=development.
 */
export const smsPlugin = fp(
  (app, _options, done) => {
    const sms = smsProviderOf(app)
    app.decorate('smsProvider', sms)
    const { level, message } = smsNotice(app.config.sms, app.config.environment)
    app.log[level](message)
    if (sms instanceof SandboxSms && app.config.environment === 'development') {
      registerDevSmsRoute(app, sms)
    }
    done()
  },
  { name: 'sms', dependencies: ['context'] },
)

function smsProviderOf(app: FastifyInstance): SmsProvider {
  const { sms } = app.config
  switch (sms.provider) {
    case 'sandbox':
      return new SandboxSms({
        // The sandbox exists to show the code: it is in the log on purpose.
        log: (message) =>
          app.log.info({ sms: message }, `SMS sandbox to ${message.to}: ${message.text}`),
      })
    case 'smsru':
      return createSmsRuProvider({
        apiId: sms.smsru?.apiId ?? '',
        ...(sms.smsru?.baseUrl ? { baseUrl: sms.smsru.baseUrl } : {}),
      })
    case null:
      return noSmsProvider
  }
}
