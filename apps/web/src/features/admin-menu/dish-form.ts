import type { VatRate } from '@tableside/contracts/admin-profile'
import type { Allergen, DietTag, Highlight } from '@tableside/contracts/menu'
import type { DishFile } from '@tableside/contracts/menu-file'
import type { Image } from '@tableside/contracts/text'

/** A modifier option as the form holds it: numbers as typed. */
export interface OptionForm {
  id: string
  nameRu: string
  nameEn: string
  priceDelta: string
  preselected: boolean
  available: boolean
}

export interface GroupForm {
  id: string
  nameRu: string
  nameEn: string
  minChoices: string
  maxChoices: string
  options: OptionForm[]
}

/** The dish editor's fields, as typed; the server's checks (the import's) judge them. */
export interface DishForm {
  id: string
  categoryId: string
  nameRu: string
  nameEn: string
  descriptionRu: string
  descriptionEn: string
  /** In roubles, as people write prices: "450" or "450,50". */
  price: string
  portionAmount: string
  portionUnit: 'g' | 'ml' | 'pcs'
  kcal: string
  protein: string
  fat: string
  carbs: string
  allergens: Allergen[]
  diet: DietTag[]
  highlight: Highlight | ''
  ageRestricted: boolean
  available: boolean
  photo: Image | null
  /** Its VAT rate on receipts; empty: its category's (decision 0133). */
  vatRate: VatRate | ''
  modifierGroups: GroupForm[]
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value))
const roubles = (minor: number) =>
  minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2).replace('.', ',')

export function formFromDish(dish: DishFile | undefined, categoryId: string): DishForm {
  return {
    id: dish?.id ?? '',
    categoryId,
    nameRu: dish?.name.ru ?? '',
    nameEn: dish?.name.en ?? '',
    descriptionRu: dish?.description?.ru ?? '',
    descriptionEn: dish?.description?.en ?? '',
    price: dish ? roubles(dish.price) : '',
    portionAmount: text(dish?.portion?.amount),
    portionUnit: dish?.portion?.unit ?? 'g',
    kcal: text(dish?.nutrition?.kcal),
    protein: text(dish?.nutrition?.protein),
    fat: text(dish?.nutrition?.fat),
    carbs: text(dish?.nutrition?.carbs),
    allergens: dish?.allergens ?? [],
    diet: dish?.diet ?? [],
    highlight: dish?.highlight ?? '',
    ageRestricted: dish?.ageRestricted ?? false,
    available: dish?.available ?? true,
    photo: dish?.photo ?? null,
    vatRate: dish?.vatRate ?? '',
    modifierGroups: (dish?.modifierGroups ?? []).map((group) => ({
      id: group.id,
      nameRu: group.name.ru,
      nameEn: group.name.en ?? '',
      minChoices: String(group.minChoices),
      maxChoices: String(group.maxChoices),
      options: group.options.map((option) => ({
        id: option.id,
        nameRu: option.name.ru,
        nameEn: option.name.en ?? '',
        priceDelta: roubles(option.priceDelta),
        preselected: option.preselected,
        available: option.available,
      })),
    })),
  }
}

/** A typed number: "12,5" → 12.5; what is not a number stays as text, for the server to name. */
function number(value: string): number | string {
  const cleaned = value.replace(/\s/g, '').replace(',', '.')
  const parsed = Number(cleaned)
  return cleaned !== '' && Number.isFinite(parsed) ? parsed : value
}

function minor(value: string): number | string {
  const amount = number(value)
  return typeof amount === 'number' ? Math.round(amount * 100) : amount
}

const localizedOf = (ru: string, en: string) => ({
  ru: ru.trim(),
  ...(en.trim() ? { en: en.trim() } : {}),
})

/**
 * The dish as the API takes it. Optional parts left empty are left out; a bad number is sent as
 * typed, so the answer names its field.
 */
export function dishFromForm(form: DishForm): unknown {
  const anyNutrition = [form.kcal, form.protein, form.fat, form.carbs].some((v) => v.trim())
  return {
    id: form.id,
    name: localizedOf(form.nameRu, form.nameEn),
    ...(form.descriptionRu.trim() || form.descriptionEn.trim()
      ? { description: localizedOf(form.descriptionRu, form.descriptionEn) }
      : {}),
    ...(form.photo ? { photo: form.photo } : {}),
    ...(form.portionAmount.trim()
      ? { portion: { amount: number(form.portionAmount), unit: form.portionUnit } }
      : {}),
    ...(anyNutrition
      ? {
          nutrition: {
            kcal: number(form.kcal),
            protein: number(form.protein),
            fat: number(form.fat),
            carbs: number(form.carbs),
          },
        }
      : {}),
    price: minor(form.price),
    modifierGroups: form.modifierGroups.map((group) => ({
      id: group.id,
      name: localizedOf(group.nameRu, group.nameEn),
      minChoices: number(group.minChoices),
      maxChoices: number(group.maxChoices),
      options: group.options.map((option) => ({
        id: option.id,
        name: localizedOf(option.nameRu, option.nameEn),
        priceDelta: minor(option.priceDelta || '0'),
        preselected: option.preselected,
        available: option.available,
      })),
    })),
    allergens: form.allergens,
    diet: form.diet,
    ...(form.highlight ? { highlight: form.highlight } : {}),
    ageRestricted: form.ageRestricted,
    available: form.available,
    ...(form.vatRate ? { vatRate: form.vatRate } : {}),
  }
}

/** `body.dish.modifierGroups.0.maxChoices` → `modifierGroups.0.maxChoices`: the form's own key. */
export function formField(path: string): string {
  return path.replace(/^body\.(dish\.)?/, '')
}
