import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { adminLogin } from '@tableside/contracts/staff'
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process.mjs'

/**
 * The demo's manager, signed in through the API (the sign-in window is `admin-sign-in`'s story)
 * on the server at `serverUrl`: the session's token.
 */
export async function signInDemoManager(serverUrl: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/v1/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ restaurantId: 'demo', login: 'manager', password: 'tableside-demo' }),
  })
  expect(response.status).toBe(200)
  return adminLogin.response.parse(await response.json()).token
}

/**
 * A server of the stories' own at `host` (they change what other stories read), started before
 * them with the demo's manager signed in and stopped after them: its `url`, the `site` a browser
 * opens, and the manager's `token`, read inside a story.
 */
export function ownServerWithManager(host: string) {
  const story = { url: '', site: '', token: '' }
  let server: ServerProcess | undefined
  beforeAll(async () => {
    server = await startServer({ publicHost: host })
    story.url = server.url
    story.site = server.url.replace('127.0.0.1', host)
    story.token = await signInDemoManager(server.url)
  })
  afterAll(async () => {
    await server?.stop()
  })
  return story
}

/** A browser whose pages on `site` are the manager's, as the sign-in screen leaves it. */
export async function actAsManager(context: BrowserContext, site: string, token: string) {
  await context.addCookies([{ name: 'manager_token', value: token, url: site }])
}
