import { describe, expect, it } from 'vitest'
import type { DishFile } from '@tableside/contracts/menu-file'
import { dishFromForm, formField, formFromDish } from './dish-form'

const dish: DishFile = {
  id: 'ukha',
  name: { ru: 'Уха', en: 'Fish soup' },
  price: 45050,
  portion: { amount: 300, unit: 'g' },
  modifierGroups: [
    {
      id: 'size',
      name: { ru: 'Размер' },
      minChoices: 1,
      maxChoices: 1,
      options: [
        {
          id: 'big',
          name: { ru: 'Большая' },
          priceDelta: 10000,
          preselected: true,
          available: true,
        },
      ],
    },
  ],
  allergens: ['fish'],
  diet: [],
  ageRestricted: false,
  available: true,
}

describe('the dish form', () => {
  it('gives back the dish it was filled from', () => {
    const form = formFromDish(dish, 'soups')
    expect(form.price).toBe('450,50')
    expect(dishFromForm(form)).toEqual(dish)
  })

  it('keeps a dish’s own VAT rate, and sends none when it takes its category’s', () => {
    const taxed: DishFile = { ...dish, vatRate: 'vat10' }
    const form = formFromDish(taxed, 'soups')
    expect(form.vatRate).toBe('vat10')
    expect(dishFromForm(form)).toEqual(taxed)
    expect(dishFromForm({ ...form, vatRate: '' })).not.toHaveProperty('vatRate')
  })

  it('sends a bad number as typed, so the server names the field', () => {
    const form = { ...formFromDish(dish, 'soups'), price: 'дорого', kcal: '12,5' }
    expect(dishFromForm(form)).toMatchObject({
      price: 'дорого',
      nutrition: { kcal: 12.5, protein: '', fat: '', carbs: '' },
    })
  })

  it('reads the answer’s field paths as its own keys', () => {
    expect(formField('body.dish.modifierGroups.0.maxChoices')).toBe('modifierGroups.0.maxChoices')
    expect(formField('body.categoryId')).toBe('categoryId')
  })
})
