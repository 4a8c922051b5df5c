import type { ServerConfig } from '../../config/env'
import { HttpError, notFound } from '../../http/http-error'
import type { PaymentProvider } from './payment-provider'

type PaymentSetup = ServerConfig['payments']

/** Whether this server takes a restaurant's payments online at all (a provider serves it). */
export function takesOnlinePayment(
  setup: PaymentSetup,
  restaurantId: string,
  demoRestaurantId: string,
): boolean {
  if (!setup.provider) return false
  return !setup.demoOnly || restaurantId === demoRestaurantId
}

/**
 * Which acquirer serves the restaurant's online payments (decision 0121): the one its manager
 * chose, else the server's own (PAYMENT_PROVIDER); the sandbox only where the server runs it.
 */
export function acquirerServing(
  setup: PaymentSetup,
  restaurantId: string,
  demoRestaurantId: string,
  chosen: { provider: 'sandbox' | 'yookassa' | 'tbank' | 'none' } | undefined,
): 'sandbox' | 'yookassa' | 'tbank' | null {
  const server = takesOnlinePayment(setup, restaurantId, demoRestaurantId) ? setup.provider : null
  if (!chosen) return server
  if (chosen.provider === 'yookassa' || chosen.provider === 'tbank') return chosen.provider
  return chosen.provider === 'sandbox' ? server : null
}

/** What the server says at start about online payment, and what to set to change it. */
export function onlinePaymentNotice(
  setup: PaymentSetup,
  environment: ServerConfig['environment'],
): { level: 'info' | 'warn'; message: string } {
  const test = 'test cards only, no money moves'
  switch (setup.chosenBy) {
    case 'PAYMENT_PROVIDER':
      if (!setup.provider) {
        return {
          level: 'info',
          message: 'Online payment is off (PAYMENT_PROVIDER=none): diners pay the waiter.',
        }
      }
      return environment === 'production'
        ? {
            level: 'warn',
            message:
              'PAYMENT_PROVIDER=sandbox on a production server: every restaurant’s online payments go to the sandbox acquirer, which takes test cards and moves no money. Set PAYMENT_PROVIDER=none, or configure a real provider, before taking real payments.',
          }
        : { level: 'info', message: `Online payment: the sandbox acquirer (${test}).` }
    case 'APP_ENV':
      return {
        level: 'info',
        message: `Online payment: the sandbox acquirer, as APP_ENV=development (${test}). Set PAYMENT_PROVIDER=none to turn it off.`,
      }
    case 'DEMO_SEED':
      return {
        level: 'info',
        message: `Online payment: the sandbox acquirer takes the demo restaurant’s payments only, as DEMO_SEED is on (${test}). Every other restaurant has online payment off until PAYMENT_PROVIDER is set.`,
      }
    case null:
      return {
        level: 'warn',
        message:
          'Online payment is off: no payment provider is configured, so diners pay the waiter. Set PAYMENT_PROVIDER=sandbox to try payments with test cards (no money moves); a restaurant takes real money once its manager sets up YooKassa or T-Bank in the back office settings (needs SECRETS_KEY; see the README, Going live).',
      }
  }
}

const onlinePaymentOff = () =>
  new HttpError(
    409,
    'online_payment_off',
    'This restaurant does not take payments online right now. Please pay the waiter.',
  )

/**
 * The provider when there is none: nothing can be paid, no webhook is anyone's, and a payment
 * left pending from before (another provider's) ends as expired when its time is up.
 */
export const noPaymentProvider: PaymentProvider = {
  name: 'none',
  create: () => Promise.reject(onlinePaymentOff()),
  status: () => Promise.resolve({ outcome: 'pending' }),
  cancel: () => Promise.resolve('cancelled'),
  refund: () => Promise.reject(new Error('No payment provider is configured to refund through')),
  refundStatus: () => Promise.resolve('pending'),
  verifyWebhook: () => {
    throw notFound('There is no such payment provider.')
  },
}
