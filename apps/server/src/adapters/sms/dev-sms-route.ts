import type { FastifyInstance } from 'fastify'
import type { SandboxSms } from './sandbox-sms'

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
