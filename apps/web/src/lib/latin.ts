/**
 * Russian letters in Latin as Russian passports write names (ICAO Doc 9303, order of the МВД
 * № 889): `Ёлка` → `elka`, `Щи` → `shchi`. A table of 33 letters needs no library. The one
 * table for every id suggested from a name (a restaurant's, a menu's; decision 0137).
 */
const LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  // «№2» is a number, not «No2».
  '№': '',
}

/**
 * `text` in lowercase with its Russian letters in Latin and the accents of others dropped
 * (`Бистро «Ёлка» №2` → `bistro «elka» 2`, `Café` → `cafe`); anything else stays as it is.
 */
export function inLatin(text: string): string {
  return Array.from(text.toLowerCase().normalize('NFC'), (letter) => LATIN[letter] ?? letter)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
}
