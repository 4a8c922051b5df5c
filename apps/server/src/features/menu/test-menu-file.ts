import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

const photo = (name: string) => ({
  url: `/media/demo/${name}.svg`,
  alt: { ru: name, en: name },
  color: '#884422',
})

/**
 * A small menu that exercises every rule: two menus, a nested category, required and
 * optional choices, an 18+ drink, a sold-out dish, a story that has ended. Written as a
 * restaurant would write the file (defaults left out).
 */
export function testMenuFile() {
  return {
    format: 'tableside.menu/1',
    menus: [
      {
        id: 'main',
        name: { ru: 'Основное меню', en: 'Main menu' },
        categories: [
          {
            id: 'soups',
            name: { ru: 'Супы', en: 'Soups' },
            dishes: [
              {
                id: 'borscht',
                name: { ru: 'Борщ', en: 'Borscht' },
                description: { ru: 'Со сметаной', en: 'With sour cream' },
                photo: photo('borscht'),
                portion: { amount: 350, unit: 'g' },
                price: 45000,
                allergens: ['milk', 'celery'],
                modifierGroups: [
                  {
                    id: 'size',
                    name: { ru: 'Размер', en: 'Size' },
                    minChoices: 1,
                    maxChoices: 1,
                    options: [
                      { id: 'regular', name: { ru: 'Обычный', en: 'Regular' }, preselected: true },
                      { id: 'large', name: { ru: 'Большой', en: 'Large' }, priceDelta: 15000 },
                    ],
                  },
                  {
                    id: 'extras',
                    name: { ru: 'Добавки', en: 'Extras' },
                    minChoices: 0,
                    maxChoices: 2,
                    options: [
                      {
                        id: 'pampushki',
                        name: { ru: 'Пампушки', en: 'Garlic buns' },
                        priceDelta: 9000,
                      },
                      { id: 'salo', name: { ru: 'Сало', en: 'Salo' }, priceDelta: 12000 },
                      {
                        id: 'smetana',
                        name: { ru: 'Ещё сметаны', en: 'More sour cream' },
                        priceDelta: 5000,
                        available: false,
                      },
                    ],
                  },
                ],
              },
              {
                id: 'solyanka',
                name: { ru: 'Солянка', en: 'Solyanka' },
                price: 52000,
                available: false,
              },
            ],
          },
          {
            id: 'hot',
            name: { ru: 'Горячее', en: 'Mains' },
            categories: [
              {
                id: 'fish',
                name: { ru: 'Рыба', en: 'Fish' },
                dishes: [
                  { id: 'pike-perch', name: { ru: 'Судак' }, price: 89000, diet: ['gluten_free'] },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'bar',
        name: { ru: 'Бар', en: 'Bar' },
        servedFrom: '12:00',
        servedUntil: '23:00',
        categories: [
          {
            id: 'wine',
            name: { ru: 'Вино', en: 'Wine' },
            dishes: [
              {
                id: 'wine-red-glass',
                name: { ru: 'Красное вино, бокал', en: 'Red wine, glass' },
                price: 60000,
                ageRestricted: true,
                portion: { amount: 150, unit: 'ml' },
              },
            ],
          },
        ],
      },
    ],
    stories: [
      {
        id: 'new-borscht',
        title: { ru: 'Новый борщ', en: 'New borscht' },
        media: photo('story-borscht'),
        dishId: 'borscht',
      },
      {
        id: 'summer',
        title: { ru: 'Лето', en: 'Summer' },
        media: photo('story-summer'),
        endsAt: '2020-09-01T00:00:00+03:00',
      },
    ],
  }
}

/** A restaurant of its own for a test, so tests never lean on the demo's content. */
export async function createTestRestaurant(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .insertInto('restaurants')
    .values({ id, name: `Test ${id}`, currency: 'RUB' })
    .execute()
}
