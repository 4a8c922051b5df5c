import fp from 'fastify-plugin'
import { createSecretBox } from '../../lib/secret-box'
import { createAtolRegisters } from './atol-register'

/** АТОЛ Онлайн v5 as the restaurants' own cash registers (decision 0134). */
export const atolPlugin = fp(
  (app, _options, done) => {
    const { config } = app
    app.decorate(
      'fiscalRegisters',
      createAtolRegisters({
        secrets: config.secretsKey ? createSecretBox(config.secretsKey) : null,
        api: config.atolApiUrl ? { baseUrl: config.atolApiUrl } : {},
      }),
    )
    done()
  },
  { name: 'fiscal-registers', dependencies: ['context'] },
)
