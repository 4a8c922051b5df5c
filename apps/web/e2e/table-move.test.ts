import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { garconFloor } from '@tableside/contracts/garcon-floor'
import { baseUrl, keepScreenshot, useBrowser } from './fixtures'
import { garconToken } from './garcon-service'
import { openTable, seatAtTable, waiterToken } from './table-service'

const api = (path: string) => `${baseUrl()}/api/v1${path}`

async function moveGuests(token: string, sessionId: string, tableCode: string): Promise<void> {
  const response = await fetch(api(`/garcon/table-sessions/${sessionId}/move`), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-garcon-token': token,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ tableCode }),
  })
  if (!response.ok) throw new Error(`move → ${String(response.status)} ${await response.text()}`)
}

describe('Guests moved to another table', () => {
  const browser = useBrowser()

  it("a diner's phone follows the waiter's move to the new table, with nothing to do", async () => {
    const token = await waiterToken()
    // Both waiters' floors show every table and whether guests sit there: the guests go to a
    // free one, from any other (joined if other stories left guests there), and come back after.
    const floorOf = async (waiter: string) =>
      garconFloor.parse(
        await (await fetch(api('/garcon/floor'), { headers: { 'x-garcon-token': waiter } })).json(),
      ).tables
    const tables = [
      ...(await floorOf(token)),
      ...(await floorOf(await garconToken('igor', '2222'))),
    ]
    const usable = tables.filter((table) => table.enabled)
    const to = usable.find((table) => table.session === null)
    const from =
      usable.find((table) => table !== to && table.session === null) ??
      usable.find((table) => table !== to)
    if (!from || !to) throw new Error('The story needs a free table to move the guests to')
    const session = await openTable(from.code)

    const { page, problems } = await browser.phone()
    await seatAtTable(page, session)
    // The call screen names the table the phone sits at.
    await page.goto(`${baseUrl()}/rest/demo/call`, { waitUntil: 'networkidle' })
    await expect.poll(() => page.getByText(`Стол ${from.label}`).count()).toBeGreaterThan(0)

    await moveGuests(token, session.id, to.code)
    try {
      await expect
        .poll(() => page.getByText(`Стол ${to.label}`).count(), { timeout: 10_000 })
        .toBeGreaterThan(0)
      expect(await page.getByText(`Стол ${from.label}`, { exact: true }).count()).toBe(0)
      // The phone keeps it: a reload names the new table too.
      await page.reload({ waitUntil: 'networkidle' })
      await expect.poll(() => page.getByText(`Стол ${to.label}`).count()).toBeGreaterThan(0)
      await keepScreenshot(page, 'table-moved')
      expect(problems).toEqual([])
    } finally {
      await moveGuests(token, session.id, from.code)
    }
  })
})
