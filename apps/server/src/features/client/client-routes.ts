import type { FastifyInstance } from 'fastify'
import {
  addClientAddress,
  clientLogout,
  clientLogoutAll,
  deleteClientAddress,
  deleteClientMe,
  getClientMe,
  listClientAddresses,
  listClientOrders,
  requestClientOtp,
  updateClientMe,
  verifyClientOtp,
} from '@tableside/contracts/client'
import { registerEndpoint } from '../../http/register-endpoint'
import { profileTokenOf, type ClientAuth } from './client-auth'
import type { ClientProfileService } from './client-profile-service'
import { OtpWaitError, type ClientSignIn } from './client-sign-in'
import type { SandboxSms } from './sms/sandbox-sms'

/**
 * The diner's sign-in by code and profile (header X-Profile-Token). Per address, asking for
 * codes and trying them is limited in rate-limit-policy.ts; per number, in the service.
 */
export function registerClientRoutes(
  app: FastifyInstance,
  signIn: ClientSignIn,
  auth: ClientAuth,
  profiles: ClientProfileService,
): void {
  registerEndpoint(app, requestClientOtp, async ({ body, reply }) => {
    try {
      return await signIn.requestCode(body.restaurantId, body.phone)
    } catch (error) {
      if (error instanceof OtpWaitError) {
        void reply.header('retry-after', String(error.retryAfterSeconds))
      }
      throw error
    }
  })
  registerEndpoint(app, verifyClientOtp, async ({ body }) => {
    const signedIn = await signIn.verifyCode(body.phone, body.code)
    const attachedOrders = await signIn.repository.attachOrders(
      signedIn.client.id,
      signedIn.client.phone,
      signedIn.restaurantId,
      body.orderIds ?? [],
    )
    const { token, expiresAt, client } = signedIn
    return { token, expiresAt, client, attachedOrders }
  })
  registerEndpoint(app, clientLogout, async ({ request }) => {
    await auth.requireClient(request)
    return { signedOut: await signIn.revoke(profileTokenOf(request) ?? '') }
  })
  registerEndpoint(app, clientLogoutAll, async ({ request }) => {
    const client = await auth.requireClient(request)
    return { signedOut: await signIn.revokeAll(client.id) }
  })
  registerEndpoint(app, getClientMe, ({ request }) => auth.requireClient(request))
  registerEndpoint(app, updateClientMe, async ({ request, body }) =>
    profiles.update(await auth.requireClient(request), body),
  )
  registerEndpoint(app, deleteClientMe, async ({ request }) =>
    profiles.deleteProfile(await auth.requireClient(request)),
  )
  registerEndpoint(app, listClientAddresses, async ({ request }) => ({
    addresses: await profiles.addresses(await auth.requireClient(request)),
  }))
  registerEndpoint(app, addClientAddress, async ({ request, body }) =>
    profiles.addAddress(await auth.requireClient(request), body),
  )
  registerEndpoint(app, deleteClientAddress, async ({ request, params }) =>
    profiles.deleteAddress(await auth.requireClient(request), params.addressId),
  )
  registerEndpoint(app, listClientOrders, async ({ request, query }) =>
    profiles.orders(await auth.requireClient(request), query.restaurantId, query.before),
  )
}

/** Where the development page is: outside the API, like the sandbox acquirer's pages. */
export const DEV_SMS_PATH = '/dev/sms'

/**
 * The sandbox's messages, newest first (`?phone=` for one number), for a developer and the
 * end-to-end stories: registered only when the sandbox sends and APP_ENV=development.
 */
export function registerDevSmsRoute(app: FastifyInstance, sandbox: SandboxSms): void {
  app.get(DEV_SMS_PATH, (request, reply) => {
    const { phone } = request.query as { phone?: unknown }
    void reply.header('cache-control', 'no-store')
    const messages = sandbox.outbox(typeof phone === 'string' ? phone : undefined)
    // A browser gets a page to read the codes from; scripts and tests get JSON.
    if (request.headers.accept?.split(',')[0]?.trim() === 'text/html') {
      return reply.type('text/html; charset=utf-8').send(devSmsPage(messages))
    }
    return { messages }
  })
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`)

/** The sandbox's outbox as a plain page, newest first: no script, no style (the CSP's rules). */
function devSmsPage(messages: readonly { to: string; text: string; sentAt: string }[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.sentAt)}</td><td>${escapeHtml(message.to)}</td><td><b>${escapeHtml(message.text)}</b></td></tr>`,
    )
    .join('')
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>SMS sandbox</title></head><body><h1>SMS sandbox: codes sent (development only)</h1><p>No SMS leaves this server. Reload for new codes; <code>?phone=+7…</code> shows one number.</p>${
    rows
      ? `<table><thead><tr><th>Sent</th><th>To</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>Nothing sent yet.</p>'
  }</body></html>`
}
