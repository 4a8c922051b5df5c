import { describe, expect, it } from 'vitest'
import { parseViewed, withViewed } from './viewed-stories'

describe('stories a diner has seen', () => {
  it('reads back what was stored', () => {
    expect([...parseViewed(JSON.stringify(['chef-special', 'summer-lemonade']))]).toEqual([
      'chef-special',
      'summer-lemonade',
    ])
  })

  it('counts anything unreadable as nothing seen', () => {
    for (const raw of [null, '', '{', '{"a":1}', '[1,2]', JSON.stringify(['x'.repeat(65)])]) {
      expect(parseViewed(raw).size).toBe(0)
    }
  })

  it('keeps the newest 200', () => {
    let viewed: ReadonlySet<string> = new Set()
    for (let i = 0; i < 210; i++) viewed = withViewed(viewed, `story-${i}`)
    expect(viewed.size).toBe(200)
    expect(viewed.has('story-9')).toBe(false)
    expect(viewed.has('story-209')).toBe(true)
    expect(withViewed(viewed, 'story-209')).toBe(viewed)
  })
})
