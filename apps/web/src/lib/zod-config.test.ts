import { describe, expect, it } from 'vitest'

describe('zod settings without zod in the first load (decision 0124)', () => {
  it('holds for zod when it loads after them', async () => {
    await import('./zod-config')
    const { config } = await import('zod/mini')
    expect(config().jitless).toBe(true)
  })
})
