import { describe, expect, it } from 'vitest'
import { focusAfterMove, movedBy } from './zone-order'

const zones = ['hall', 'terrace', 'bar']

describe('moving a zone up or down', () => {
  it('swaps it with its neighbour, and goes no further than the ends', () => {
    expect(movedBy(zones, 'terrace', -1)).toEqual(['terrace', 'hall', 'bar'])
    expect(movedBy(zones, 'terrace', 1)).toEqual(['hall', 'bar', 'terrace'])
    expect(movedBy(zones, 'hall', -1)).toBeNull()
    expect(movedBy(zones, 'bar', 1)).toBeNull()
    expect(movedBy(zones, 'patio', 1)).toBeNull()
  })

  it('keeps the focus on the button that moved it, or its twin once the zone reaches an end', () => {
    // "Down" on the terrace: it is last now, so "down" is off and "up" takes the focus.
    expect(focusAfterMove(['hall', 'bar', 'terrace'], 'terrace', 1)).toBe('up')
    // "Down" on the hall: it can go down again.
    expect(focusAfterMove(['terrace', 'hall', 'bar'], 'hall', 1)).toBe('down')
    expect(focusAfterMove(['terrace', 'hall', 'bar'], 'terrace', -1)).toBe('down')
    expect(focusAfterMove(['hall', 'terrace', 'bar'], 'terrace', -1)).toBe('up')
    // A single zone has neither: the focus stays where it was asked.
    expect(focusAfterMove(['hall'], 'hall', -1)).toBe('up')
  })
})
