import type { BrowserContext } from 'playwright-core'
import { expect } from 'vitest'
import { adminLogin } from '@tableside/contracts/staff'

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

/** A browser whose pages on `site` are the manager's, as the sign-in screen leaves it. */
export async function actAsManager(context: BrowserContext, site: string, token: string) {
  await context.addCookies([{ name: 'manager_token', value: token, url: site }])
}
