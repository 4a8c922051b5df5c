import { getAllTimezones } from 'countries-and-timezones'
import type { UiLanguage } from '@tableside/contracts/restaurants'

/** Russia's time zones by the city each is named for, in Russian (the library's are English). */
const RUSSIAN_CITIES: Readonly<Record<string, string>> = {
  'Europe/Kaliningrad': 'Калининград',
  'Europe/Moscow': 'Москва',
  'Europe/Simferopol': 'Симферополь',
  'Europe/Kirov': 'Киров',
  'Europe/Volgograd': 'Волгоград',
  'Europe/Astrakhan': 'Астрахань',
  'Europe/Saratov': 'Саратов',
  'Europe/Ulyanovsk': 'Ульяновск',
  'Europe/Samara': 'Самара',
  'Asia/Yekaterinburg': 'Екатеринбург',
  'Asia/Omsk': 'Омск',
  'Asia/Novosibirsk': 'Новосибирск',
  'Asia/Barnaul': 'Барнаул',
  'Asia/Tomsk': 'Томск',
  'Asia/Novokuznetsk': 'Новокузнецк',
  'Asia/Krasnoyarsk': 'Красноярск',
  'Asia/Irkutsk': 'Иркутск',
  'Asia/Chita': 'Чита',
  'Asia/Yakutsk': 'Якутск',
  'Asia/Khandyga': 'Хандыга',
  'Asia/Vladivostok': 'Владивосток',
  'Asia/Ust-Nera': 'Усть-Нера',
  'Asia/Magadan': 'Магадан',
  'Asia/Sakhalin': 'Сахалин',
  'Asia/Srednekolymsk': 'Среднеколымск',
  'Asia/Kamchatka': 'Петропавловск-Камчатский',
  'Asia/Anadyr': 'Анадырь',
}

export interface TimeZoneChoice {
  /** The IANA name the server stores. */
  zone: string
  city: string
  /** `UTC+03:00`, as the zone stands in winter. */
  offset: string
  /** The city, the country and the zone's name: what a search matches. */
  words: string
}

export interface CountryZones {
  country: string
  zones: TimeZoneChoice[]
}

/**
 * Every current time zone as a city in its country (issue 29): Russia first, its cities west to
 * east, then the other countries by name in the chosen language, each country's cities by
 * offset. Zones that are only another's alias are left out.
 */
export function timeZoneChoices(language: UiLanguage): CountryZones[] {
  const countryName = new Intl.DisplayNames([language], { type: 'region' })
  const byCountry = new Map<string, TimeZoneChoice[]>()
  for (const zone of Object.values(getAllTimezones())) {
    const [code] = zone.countries
    if (zone.aliasOf || code === undefined) continue
    const country = countryName.of(code) ?? code
    const city =
      (code === 'RU' && language === 'ru' ? RUSSIAN_CITIES[zone.name] : undefined) ??
      (zone.name.split('/').at(-1) ?? zone.name).replaceAll('_', ' ')
    const choice = {
      zone: zone.name,
      city,
      offset: `UTC${zone.utcOffsetStr}`,
      words: `${city} ${country} ${zone.name}`.toLowerCase(),
    }
    const key = code === 'RU' ? '' : country
    byCountry.set(key, [...(byCountry.get(key) ?? []), choice])
  }
  const russia = countryName.of('RU') ?? 'RU'
  return [...byCountry]
    .sort(([a], [b]) => a.localeCompare(b, language))
    .map(([key, zones]) => ({
      country: key === '' ? russia : key,
      zones: zones.sort(
        (a, b) => a.offset.localeCompare(b.offset) || a.city.localeCompare(b.city, language),
      ),
    }))
}

/** The countries and cities a search finds (every word of it in a choice's words). */
export function searchTimeZones(choices: readonly CountryZones[], search: string): CountryZones[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...choices]
  return choices.flatMap(({ country, zones }) => {
    const found = zones.filter((zone) => words.every((word) => zone.words.includes(word)))
    return found.length > 0 ? [{ country, zones: found }] : []
  })
}
