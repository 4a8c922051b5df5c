import { describe, expect, it } from 'vitest'
import { addDays, presetRange, waitedParts } from './report-dates'

describe('the report’s days', () => {
  it('counts presets back from today, inclusive', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' })
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' })
    expect(presetRange('week', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' })
    expect(presetRange('month', '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' })
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })

  it('says how long a call has waited', () => {
    const now = Date.parse('2026-11-20T12:00:00Z')
    expect(waitedParts('2026-11-20T11:59:15Z', now)).toEqual({ unit: 'seconds', count: 45 })
    expect(waitedParts('2026-11-20T11:50:00Z', now)).toEqual({ unit: 'minutes', count: 10 })
    expect(waitedParts('2026-11-20T09:55:00Z', now)).toEqual({
      unit: 'hours',
      hours: 2,
      minutes: 5,
    })
    expect(waitedParts('2026-11-20T12:00:05Z', now)).toEqual({ unit: 'seconds', count: 0 })
  })
})
