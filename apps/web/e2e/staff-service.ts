import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { adminSettings } from '@tableside/contracts/admin-settings'
import { adminLogin, kitchenLogin, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { apiPost, apiRequest } from './api-request'
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

/** The manager saves the settings with `change` made to them (as the settings screen does). */
export async function changeSettings(
  change: (saved: ReturnType<typeof adminSettings.parse>) => Record<string, unknown>,
): Promise<void> {
  const headers = await managerHeaders()
  const saved = adminSettings.parse((await apiRequest('GET', '/admin/settings', { headers })).data)
  const body = {
    version: saved.version,
    timezone: saved.timezone,
    openingHours: saved.openingHours,
    settings: saved.settings,
    callEscalationSeconds: saved.callEscalationSeconds,
    bonusProgram: saved.bonusProgram,
    smsDailyBudget: saved.smsDailyBudget,
    ...change(saved),
  }
  const answer = await apiRequest('PUT', '/admin/settings', { headers, body })
  expect(answer.status, JSON.stringify(answer.data)).toBe(200)
}

/**
 * The restaurant open round the clock, so an order for later has a slot soon whatever the hour
 * the story runs at (late in the evening the first slot would be tomorrow's opening): the
 * function given back puts its hours back as they were.
 */
export async function openRoundTheClock(): Promise<() => Promise<void>> {
  let before: unknown
  await changeSettings((saved) => {
    before = saved.openingHours
    return {
      openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
    }
  })
  return () => changeSettings(() => ({ openingHours: before }))
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
