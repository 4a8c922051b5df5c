import { describe, expect, it } from 'vitest'
import { isOlderMenu, keepNewerMenu } from './menu-version'

describe("The menu screen's version", () => {
  it('drops an answer older than the menu shown, comparing versions as numbers', () => {
    expect(isOlderMenu({ version: '9' }, { version: '10' })).toBe(true)
    expect(isOlderMenu({ version: '10' }, { version: '9' })).toBe(false)
    expect(isOlderMenu({ version: '10' }, { version: '10' })).toBe(false)
    expect(isOlderMenu({ version: '10' }, undefined)).toBe(false)
    expect(
      isOlderMenu({ version: '12345678901234567890' }, { version: '12345678901234567891' }),
    ).toBe(true)
  })

  it('keeps what is shown when a fetch brings an older menu back', () => {
    const shown = { version: '10', file: 'shown' }
    const older = { version: '9', file: 'older' }
    const newer = { version: '11', file: 'newer' }
    expect(keepNewerMenu(shown, older)).toBe(shown)
    expect(keepNewerMenu(shown, newer)).toBe(newer)
    expect(keepNewerMenu(undefined, older)).toBe(older)
    // Not a menu (never the case, but nothing is guessed): the fetched data wins.
    expect(keepNewerMenu({ version: 10 }, older)).toBe(older)
  })
})
