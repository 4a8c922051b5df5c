import { describe, expect, it } from 'vitest'
import { parseViewed, withViewed } from './viewed-stories'

describe('stories a diner has seen', () => {
  it('reads back what was stored', () => {
    expect(parseViewed(JSON.stringify(['chef-special', 'summer-lemonade']))).toEqual([
      'chef-special',
      'summer-lemonade',
    ])
  })

  it('counts anything unreadable as nothing seen', () => {
    for (const raw of [null, '', '{', '{"a":1}', '[1,2]', JSON.stringify(['x'.repeat(65)])]) {
      expect(parseViewed(raw)).toEqual([])
    }
  })

  it('keeps the newest 200', () => {
    let viewed: readonly string[] = []
    for (let i = 0; i < 210; i++) viewed = withViewed(viewed, `story-${i}`)
    expect(viewed).toHaveLength(200)
    expect(viewed).not.toContain('story-9')
    expect(viewed).toContain('story-209')
    expect(withViewed(viewed, 'story-209')).toBe(viewed)
  })
})
