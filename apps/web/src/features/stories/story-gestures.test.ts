import { describe, expect, it } from 'vitest'
import { classifyPress, nextStory, previousStory, segmentState } from './story-gestures'

describe('a press on a story', () => {
  it('is a tap when short and still', () => {
    expect(classifyPress({ dx: 3, dy: -4, durationMs: 120 })).toBe('tap')
  })

  it('only pauses when held', () => {
    expect(classifyPress({ dx: 0, dy: 0, durationMs: 900 })).toBe('hold')
    expect(classifyPress({ dx: 20, dy: 10, durationMs: 150 })).toBe('hold')
  })

  it('turns like a page when swiped sideways', () => {
    expect(classifyPress({ dx: -80, dy: 10, durationMs: 200 })).toBe('next')
    expect(classifyPress({ dx: 90, dy: -30, durationMs: 2000 })).toBe('previous')
  })

  it('closes when swiped down, not up', () => {
    expect(classifyPress({ dx: 10, dy: 140, durationMs: 250 })).toBe('close')
    expect(classifyPress({ dx: 10, dy: -140, durationMs: 250 })).toBe('hold')
  })
})

describe('moving through stories', () => {
  it('goes on to the next and ends after the last', () => {
    expect(nextStory(0, 3)).toBe(1)
    expect(nextStory(2, 3)).toBeNull()
  })

  it('goes back, and on the first starts it again', () => {
    expect(previousStory(2)).toBe(1)
    expect(previousStory(0)).toBe(0)
  })

  it('marks bars before the story full and after it empty', () => {
    expect([0, 1, 2, 3].map((segment) => segmentState(segment, 1))).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
    ])
  })
})
