/** A device as its owner knows it, from the browser's user agent: "Chrome, Android". */
export interface DeviceName {
  browser: string | null
  system: string | null
}

const BROWSERS: readonly [RegExp, string][] = [
  [/YaBrowser\//, 'Yandex Browser'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

const first = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null

export function deviceName(userAgent: string | null): DeviceName {
  if (!userAgent) return { browser: null, system: null }
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) }
}
