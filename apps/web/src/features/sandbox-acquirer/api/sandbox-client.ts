import { SANDBOX_ACQUIRER_PREFIX } from '@tableside/contracts/sandbox-acquirer'
import { createApiClient, type ApiClient } from '../../../lib/api-client'

/**
 * The bank's own client. The hosted page belongs to the acquirer, a different party from the
 * restaurant: its API sits beside the page, and it must never see the diner's or the waiter's
 * tokens, so no token headers and no cookies go with its calls.
 */
export const sandboxClient: ApiClient = createApiClient({
  apiBase: SANDBOX_ACQUIRER_PREFIX,
  readCookie: () => undefined,
  fetch: (input, init) => globalThis.fetch(input, { ...init, credentials: 'omit' }),
})
