/**
 * Russian letters in Latin as Russian passports write names (ICAO Doc 9303, order of the МВД
 * № 889): `Ёлка` → `elka`, `Щи` → `shchi`. A table of 33 letters needs no library.
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

/** The most a restaurant's id may be (`restaurantId` of the contract). */
const MAX_ID = 63

/**
 * A restaurant's address in links suggested from its name: Latin letters, digits and dashes,
 * as `/rest/{id}/menu` takes them (`Бистро «Ёлка» №2` → `bistro-elka-2`). Empty when the name
 * has nothing to make one of.
 */
export function suggestRestaurantId(name: string): string {
  const latin = Array.from(name.toLowerCase().normalize('NFC'), (letter) => LATIN[letter] ?? letter)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  return latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '')
}
