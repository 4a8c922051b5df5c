import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { startBanner } from './start-banner'

const demoTables = [
  { code: 'T1', label: 'Стол 1', qrToken: 'tokenOfTableOne0123456', enabled: true },
  { code: 'T2', label: 'Стол 2', qrToken: 'tokenOfTableTwo0123456', enabled: true },
]
const banner = (origin: string, terminal: boolean) =>
  startBanner({ origin, database: 'embedded PostgreSQL in ./data', demoTables, terminal })

describe("npm start's banner", () => {
  it("prints the tables' QR links and, at a terminal, T1's QR code at the LAN address", async () => {
    const text = await banner('http://192.168.1.20:3000', true)
    expect(text).toContain(
      '    T1   http://192.168.1.20:3000/rest/demo/init?table=tokenOfTableOne0123456',
    )
    expect(text).toContain(
      '    T2   http://192.168.1.20:3000/rest/demo/init?table=tokenOfTableTwo0123456',
    )
    expect(text).toContain("Table T1's QR code: scan it with a phone on the same network.")
    expect(text).toContain(
      await QRCode.toString(
        'http://192.168.1.20:3000/rest/demo/init?table=tokenOfTableOne0123456',
        {
          type: 'terminal',
          small: true,
        },
      ),
    )
  })

  it('says how to reach a server at localhost from a phone', async () => {
    const text = await banner('http://localhost:3000', true)
    expect(text).toContain('start with HOST=0.0.0.0')
  })

  it('prints the links only into a log', async () => {
    const text = await banner('http://192.168.1.20:3000', false)
    expect(text).toContain('T1   http://192.168.1.20:3000/rest/demo/init?table=')
    expect(text).not.toContain('QR code')
    expect(text).not.toMatch(/[▀▄█]/)
  })

  it('prints the setup link while there is no restaurant, and no demo menu without the demo', async () => {
    const text = await startBanner({
      origin: 'http://192.168.1.20:3000',
      database: 'embedded PostgreSQL in ./data',
      demoTables: [],
      terminal: true,
      setupToken: 'setupTokenOf32Characters0123456',
    })
    expect(text).toContain('    http://192.168.1.20:3000/#setup=setupTokenOf32Characters0123456')
    expect(text).not.toContain('Demo menu')
    expect(await banner('http://192.168.1.20:3000', false)).not.toContain('#setup=')
  })
})
