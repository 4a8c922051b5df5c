import type { Allergen } from '@tableside/contracts/menu'
import { defineMessages } from '../../lib/i18n/messages'

/** Allergen names, for the dish window and the search filters (both load on demand). */
export const allergenMessages = defineMessages<Allergen>({
  en: {
    gluten: 'Gluten',
    crustaceans: 'Crustaceans',
    eggs: 'Eggs',
    fish: 'Fish',
    peanuts: 'Peanuts',
    soy: 'Soy',
    milk: 'Milk',
    nuts: 'Tree nuts',
    celery: 'Celery',
    mustard: 'Mustard',
    sesame: 'Sesame',
    sulphites: 'Sulphites',
    lupin: 'Lupin',
    molluscs: 'Molluscs',
  },
  ru: {
    gluten: 'Глютен',
    crustaceans: 'Ракообразные',
    eggs: 'Яйца',
    fish: 'Рыба',
    peanuts: 'Арахис',
    soy: 'Соя',
    milk: 'Молоко',
    nuts: 'Орехи',
    celery: 'Сельдерей',
    mustard: 'Горчица',
    sesame: 'Кунжут',
    sulphites: 'Сульфиты',
    lupin: 'Люпин',
    molluscs: 'Моллюски',
  },
})
