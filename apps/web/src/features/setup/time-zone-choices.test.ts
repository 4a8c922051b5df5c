import { describe, expect, it } from 'vitest'
import { searchTimeZones, timeZoneChoices } from './time-zone-choices'

describe('Time zones as cities in their countries', () => {
  it('puts Russia first, its cities in Russian from Kaliningrad eastwards', () => {
    const [russia, next] = timeZoneChoices('ru')
    expect(russia?.country).toBe('Россия')
    expect(russia?.zones[0]).toMatchObject({ city: 'Калининград', offset: 'UTC+02:00' })
    expect(russia?.zones.map((zone) => zone.city)).toContain('Екатеринбург')
    expect(russia?.zones.at(-1)?.offset).toBe('UTC+12:00')
    expect(next?.country.localeCompare('Россия')).not.toBe(0)
  })

  it('names countries in the chosen language and offers a few hundred zones, not every alias', () => {
    const choices = timeZoneChoices('en')
    expect(choices[0]?.country).toBe('Russia')
    expect(choices.find((group) => group.country === 'Germany')?.zones).toEqual([
      expect.objectContaining({ zone: 'Europe/Berlin', city: 'Berlin' }),
    ])
    const zones = choices.flatMap((group) => group.zones)
    expect(zones.length).toBeGreaterThan(250)
    expect(zones.length).toBeLessThan(420)
    expect(zones.map((zone) => zone.zone)).not.toContain('Europe/Kiev')
  })

  it('finds a city by any part of its city, country or zone name', () => {
    const choices = timeZoneChoices('ru')
    expect(searchTimeZones(choices, 'екат')).toEqual([
      { country: 'Россия', zones: [expect.objectContaining({ zone: 'Asia/Yekaterinburg' })] },
    ])
    expect(searchTimeZones(choices, 'new york')[0]?.zones[0]?.zone).toBe('America/New_York')
    expect(searchTimeZones(choices, 'nowhere-at-all')).toEqual([])
  })
})
