import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { lookupBonusCard } from '@tableside/contracts/bonus'
import { quoteCart } from '@tableside/contracts/cart'
import { reportClientError } from '@tableside/contracts/client-errors'
import type { Endpoint } from '@tableside/contracts/endpoint'
import { requestClientOtp, verifyClientOtp } from '@tableside/contracts/client'
import { GARCON_TOKEN_HEADER, garconLogin } from '@tableside/contracts/garcon'
import { changeGarconPin } from '@tableside/contracts/garcon-profile'
import { resetAdminStaffPassword, resetAdminStaffTotp } from '@tableside/contracts/admin-staff'
import { uploadAdminPhoto } from '@tableside/contracts/menu-admin'
import {
  adminLogin,
  changeAdminPassword,
  confirmAdminTotp,
  disableAdminTotp,
  kitchenLogin,
  MANAGER_TOKEN_HEADER,
} from '@tableside/contracts/staff'
import { cancelOrder, lookupOrders, placeOrder, quoteCheckout } from '@tableside/contracts/orders'
import {
  cancelPayment,
  getPayment,
  leaveTipFeedback,
  startBillPayment,
  startOrderPayment,
} from '@tableside/contracts/payments'
import {
  confirmSandbox3ds,
  decideSandboxSbp,
  payWithSandboxCard,
  SANDBOX_ACQUIRER_PREFIX,
} from '@tableside/contracts/sandbox-acquirer'
import { quoteReorder } from '@tableside/contracts/reorder'
import { setUpRestaurant } from '@tableside/contracts/setup'
import { openTableSession } from '@tableside/contracts/table-sessions'
import { createWaiterCall } from '@tableside/contracts/waiter-calls'
import { WEBHOOK_PATH } from './features/payments/payment-routes'
import type { RateLimit, RateLimitPolicy } from './http/rate-limits'
import type { SignInDevices } from './lib/sign-in-devices'

const MINUTE_MS = 60_000
/** Sign-ins of one kind from one staff device in 15 minutes (decision 0108). */
const DEVICE_SIGN_INS = 300

const param =
  (name: string) =>
  (request: FastifyRequest): string | undefined => {
    const value = (request.params as Record<string, unknown> | undefined)?.[name]
    return typeof value === 'string' ? value : undefined
  }

const perAddress = (name: string, max: number, windowMs = MINUTE_MS): RateLimit => ({
  name,
  max,
  windowMs,
})
const perAddressAnd = (name: string, subject: string, max: number): RateLimit => ({
  name,
  max,
  windowMs: MINUTE_MS,
  subject: param(subject),
})

/**
 * The sign-in a request carries in `header`, as a digest: a counter's key (kept in Redis when
 * there is one) never holds the token itself.
 */
const signIn =
  (header: string) =>
  (request: FastifyRequest): string | undefined => {
    const token = request.headers[header]
    return typeof token === 'string'
      ? createHash('sha256').update(token).digest('base64url').slice(0, 22)
      : undefined
  }
const garconSignIn = signIn(GARCON_TOKEN_HEADER)

/**
 * Sized for a restaurant whose diners all share its Wi-Fi's one public address: a busy room
 * of 30 tables stays far below them in normal use, while a script from one address stalls
 * within a minute. Counters "per address and X" stop one diner's loop without touching the
 * other tables; the per-address ones cap someone who hops between restaurants, orders or
 * payments. Any write under the API that is not listed gets `writes`.
 */
export function rateLimitPolicy(apiBase: string, devices?: SignInDevices): RateLimitPolicy {
  const writes = perAddress('writes', 600)
  const deviceOf = (request: FastifyRequest) => devices?.placeOf(request).device
  /**
   * A staff sign-in: per address, unless it comes from a device a staff sign-in left its signed
   * cookie on; that device is counted on its own instead (decision 0108). Diners on the
   * restaurant's Wi-Fi can use up the address's count, never a staff device's.
   */
  const staffSignIn = (name: string, max: number): RateLimit[] => [
    {
      name,
      max,
      windowMs: 15 * MINUTE_MS,
      unless: (request) => deviceOf(request) !== undefined,
    },
    // A flood guard per device, not a budget: a shared tablet where a whole shift signs in
    // stays far below it; guesses are slowed by the backoff, per login and place.
    { name: `${name}-device`, max: DEVICE_SIGN_INS, windowMs: 15 * MINUTE_MS, per: deviceOf },
  ]
  const table = new Map<string, readonly RateLimit[]>()
  const limit = (endpoint: Endpoint, prefix: string, limits: readonly RateLimit[]) =>
    table.set(`${endpoint.method} ${prefix}${endpoint.path}`, limits)
  const api = (endpoint: Endpoint, ...limits: RateLimit[]) => limit(endpoint, apiBase, limits)

  api(
    openTableSession,
    perAddressAnd('sessions-at', 'restaurantId', 300),
    perAddress('sessions', 600),
  )
  api(quoteCart, perAddressAnd('quotes-at', 'restaurantId', 600), perAddress('quotes', 1200))
  api(quoteCheckout, perAddressAnd('quotes-at', 'restaurantId', 600), perAddress('quotes', 1200))
  // Reading, but it prices a whole order against the menu as a quote does: counted as one.
  api(quoteReorder, perAddressAnd('quotes-at', 'restaurantId', 600), perAddress('quotes', 1200))
  api(placeOrder, perAddressAnd('orders-at', 'restaurantId', 300), perAddress('orders', 600))
  api(lookupOrders, perAddressAnd('lookups-at', 'restaurantId', 300), perAddress('lookups', 600))
  api(cancelOrder, perAddressAnd('cancel-order', 'orderId', 10), writes)
  api(createWaiterCall, perAddressAnd('calls-at', 'restaurantId', 120), perAddress('calls', 600))
  api(startOrderPayment, perAddressAnd('pay-order', 'orderId', 20), perAddress('payments', 300))
  api(startBillPayment, perAddressAnd('pay-bill', 'sessionId', 60), perAddress('payments', 300))
  api(cancelPayment, perAddressAnd('cancel-payment', 'paymentId', 10), perAddress('payments', 300))
  // A pending payment's read asks the acquirer (decision 0113): a diner's screen reads every
  // 3 s (20 a minute); more from one address for one payment is a script making us call out.
  api(getPayment, perAddressAnd('read-payment', 'paymentId', 60))
  api(leaveTipFeedback, perAddressAnd('tip-feedback', 'paymentId', 10), perAddress('payments', 300))
  // Waiters share the restaurant's address at the start of a shift; each login also backs
  // off on its own after wrong PINs, per place (lib/login-backoff.ts, decision 0108).
  api(garconLogin, ...staffSignIn('garcon-login', 60))
  // Managers and kitchen screens sign in as waiters do (decision 0062); TOTP codes are
  // guessed no faster than passwords.
  api(adminLogin, ...staffSignIn('admin-login', 30))
  api(confirmAdminTotp, perAddress('admin-totp', 30, 15 * MINUTE_MS))
  api(disableAdminTotp, perAddress('admin-totp', 30, 15 * MINUTE_MS))
  // Each of these checks a manager's password again (issue 27): guessed no faster than at sign-in.
  api(changeAdminPassword, perAddress('admin-password', 30, 15 * MINUTE_MS))
  api(resetAdminStaffPassword, perAddress('admin-password', 30, 15 * MINUTE_MS))
  api(resetAdminStaffTotp, perAddress('admin-password', 30, 15 * MINUTE_MS))
  api(kitchenLogin, ...staffSignIn('kitchen-login', 60))
  // The first-run setup (decision 0115) is guessed at no faster than a manager's password: its
  // token is 192 random bits, and an owner setting up needs a few tries at most.
  api(setUpRestaurant, perAddress('setup', 10, 15 * MINUTE_MS))
  // Changing a PIN checks the current one: counted like a sign-in, and backs off with it.
  api(changeGarconPin, perAddress('garcon-pin', 60, 15 * MINUTE_MS))
  // A waiter looks up the card a diner shows: a few a table, typos included. Counted per
  // waiter's sign-in, and per address so that signing in again buys no more: no token walks
  // the card numbers (decision 0059). Waiters behind one address share the second count.
  api(
    lookupBonusCard,
    { name: 'bonus-card-lookup', max: 30, windowMs: 15 * MINUTE_MS, subject: garconSignIn },
    perAddress('bonus-card-lookups', 300, 15 * MINUTE_MS),
  )
  // Each photo a manager uploads costs seconds of the server's time (six sizes): counted per
  // manager's sign-in, and per address so that signing in again buys no more (decision 0078).
  api(
    uploadAdminPhoto,
    { name: 'photo-uploads', max: 20, windowMs: MINUTE_MS, subject: signIn(MANAGER_TOKEN_HEADER) },
    perAddress('photo-uploads-at', 40),
  )
  // Diners at one restaurant share its Wi-Fi's address, so its count must never hold one diner
  // for long because of another (issue 27): a minute's window, no longer. A room of 30 tables
  // rarely has two diners asking for a code in the same minute (a profile stays signed in for
  // 30 days); 6 leaves room for a few at once and a resend. A script from the address gets 6 a
  // minute, and a diner behind it waits at most that minute. What bounds the cost is elsewhere:
  // each number's caps (one a minute, 5 an hour, 10 a day, 5 tries a code:
  // features/client/client-sign-in.ts) and the day's budgets of codes, the restaurant's and the
  // whole server's, counted in the database (decision 0109). Trying codes: 5 tries a code, so
  // 30 a minute is a handful of diners typing at once.
  api(requestClientOtp, perAddress('client-otp', 6))
  api(verifyClientOtp, perAddress('client-verify', 30))
  api(reportClientError, perAddress('client-errors', 60))
  // Acquirers retry from a few addresses: generous, only a flood is refused.
  table.set(`POST ${apiBase}${WEBHOOK_PATH}`, [perAddress('webhooks', 3000)])
  table.set('POST /broadcasting/auth', [perAddress('channel-auth', 600)])
  for (const endpoint of [payWithSandboxCard, confirmSandbox3ds, decideSandboxSbp]) {
    limit(endpoint, SANDBOX_ACQUIRER_PREFIX, [
      perAddressAnd('sandbox-payment', 'ref', 20),
      perAddress('sandbox', 300),
    ])
  }

  return (method, url) => {
    const listed = table.get(`${method} ${url}`)
    if (listed) return listed
    const write = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'
    return write && url.startsWith(`${apiBase}/`) ? [writes] : undefined
  }
}
