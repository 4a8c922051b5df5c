import { chromium } from 'playwright-core'
const base = 'http://127.0.0.1:3990'
const r = await fetch(`${base}/api/v1/auth/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ restaurantId: 'demo', login: 'manager', password: 'tableside-demo' }) })
const { token } = await r.json()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const [w, h] of [[1024, 768], [1440, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } })
  await ctx.addCookies([{ name: 'manager_token', value: token, url: base }])
  const page = await ctx.newPage()
  await page.goto(`${base}/rest/demo/admin/menu`)
  await page.waitForTimeout(2500)
  const cats = page.getByRole('button', { name: /^Супы/ }).first()
  await cats.click().catch(() => {})
  await page.waitForTimeout(800)
  await page.screenshot({ path: `/tmp/admin-menu-${w}.png` })
  await ctx.close()
}
await browser.close()
