import type { BrowserContext, Page } from 'playwright-core'
import { adminLogin, kitchenLogin, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { apiPost } from './api-request'
import { restaurantId, restaurantUrl } from './fixtures'

/** The story file's manager, signed in through the API: the session's token. */
export async function managerToken(): Promise<string> {
  const signedIn = await apiPost('/auth/admin/login', {
    restaurantId: restaurantId(),
    login: 'manager',
    password: 'tableside-demo',
  })
  return adminLogin.response.parse(signedIn).token
}

/** The story file's manager, signed in through the API: the headers of their calls. */
export async function managerHeaders(): Promise<Record<string, string>> {
  return { [MANAGER_TOKEN_HEADER]: await managerToken() }
}

/**
 * The story file's kitchen wall tablet: signed in through the API (the sign-in window is the
 * kitchen's own story) and on its board at `site`, at 1024×768.
 */
export async function openKitchenBoard(
  { page, context }: { page: Page; context: BrowserContext },
  site: string,
): Promise<void> {
  const signedIn = kitchenLogin.response.parse(
    await apiPost('/auth/kitchen/login', {
      restaurantId: restaurantId(),
      login: 'kitchen',
      pin: '3333',
    }),
  )
  await context.addCookies([{ name: 'kitchen_token', value: signedIn.token, url: site }])
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(restaurantUrl('/kitchen', site), { waitUntil: 'networkidle' })
}
