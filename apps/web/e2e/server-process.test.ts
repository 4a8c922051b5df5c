import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'

describe('Operator runs the server', () => {
  it('keeps its data across a graceful restart and refuses a second server on the same data', async () => {
    const first = await startServer()
    const second = startServer({ dataDir: first.dataDir, timeoutMs: 20_000 })
    await expect(second).rejects.toThrow(
      new RegExp(`in use by process ${first.child.pid ?? 'unknown'}`),
    )
    await expect(second).rejects.toThrow(/Stop that process first, or set DATA_DIR/)

    expect(await first.stop('SIGTERM')).toBe(0)
    expect(existsSync(join(first.dataDir, 'tableside.lock'))).toBe(false)

    const again = await startServer({ dataDir: first.dataDir })
    try {
      const response = await fetch(`${again.url}/api/v1/restaurants/demo`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ id: 'demo' })
    } finally {
      expect(await again.stop('SIGINT')).toBe(0)
    }
  })

  it('explains a bad configuration and exits instead of starting half-configured', async () => {
    await expect(startServer({ env: { APP_ENV: 'staging' }, timeoutMs: 20_000 })).rejects.toThrow(
      /Tableside cannot start: Invalid configuration:\s+APP_ENV/,
    )
  })
})
