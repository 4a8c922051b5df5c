import { useId, useMemo, type ReactNode } from 'react'
import {
  allergen,
  dietTag,
  type Allergen,
  type DietTag,
  type Dish,
} from '@tableside/contracts/menu'
import { buttonClass } from '../../../components/ui/button'
import { defineMessages } from '../../../lib/i18n/messages'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { allergenMessages } from '../dish-labels'
import { menuMessages } from '../menu-messages'
import { buildSearchIndex, searchDishes, type SearchFilters } from './search-engine'
import './search-panel.css'

const messages = defineMessages({
  en: {
    diet: 'Diet',
    without: 'Leave out allergens',
    one: '{count} dish found',
    few: '{count} dishes found',
    many: '{count} dishes found',
    other: '{count} dishes found',
    nothing: 'Nothing found',
    nothingHint: 'Check the spelling or try fewer filters.',
    reset: 'Show the whole menu',
  },
  ru: {
    diet: 'Питание',
    without: 'Исключить аллергены',
    one: 'Нашлось {count} блюдо',
    few: 'Нашлось {count} блюда',
    many: 'Нашлось {count} блюд',
    other: 'Нашлось {count} блюда',
    nothing: 'Ничего не нашлось',
    nothingHint: 'Проверьте написание или уберите часть фильтров.',
    reset: 'Показать всё меню',
  },
})

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item]
}

interface FiltersPanelProps {
  id: string
  filters: SearchFilters
  onChange: (filters: SearchFilters) => void
}

/** Chips for diet tags ("vegan") and allergens to avoid ("without milk"). */
export function SearchFiltersPanel({ id, filters, onChange }: FiltersPanelProps) {
  const { t } = useMessages(messages)
  const menu = useMessages(menuMessages)
  const allergens = useMessages(allergenMessages)
  const chips = <T extends string>(
    legend: string,
    options: readonly T[],
    chosen: readonly T[],
    label: (option: T) => string,
    change: (next: T[]) => void,
  ) => (
    <fieldset className="search-filters__group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="chip">
          <input
            type="checkbox"
            checked={chosen.includes(option)}
            onChange={() => change(toggle(chosen, option))}
          />
          {label(option)}
        </label>
      ))}
    </fieldset>
  )
  return (
    <div id={id} className="search-filters">
      {chips<DietTag>(t('diet'), dietTag.options, filters.diet, menu.t, (diet) =>
        onChange({ ...filters, diet }),
      )}
      {chips<Allergen>(t('without'), allergen.options, filters.without, allergens.t, (without) =>
        onChange({ ...filters, without }),
      )}
    </div>
  )
}

interface SearchResultsProps {
  dishes: readonly Dish[]
  query: string
  filters: SearchFilters
  onReset: () => void
  card: (dish: Dish) => ReactNode
}

/** The filters when open, and the results while the diner searches or filters. */
export default function SearchPanel({
  filtersId,
  filtersOpen,
  onFilters,
  ...results
}: SearchResultsProps & {
  filtersId: string
  filtersOpen: boolean
  onFilters: (filters: SearchFilters) => void
}) {
  const searching = results.query.trim() !== '' || hasFilters(results.filters)
  return (
    <>
      {filtersOpen ? (
        <SearchFiltersPanel id={filtersId} filters={results.filters} onChange={onFilters} />
      ) : null}
      {searching ? <SearchResults {...results} /> : null}
    </>
  )
}

const hasFilters = ({ diet, without }: SearchFilters) => diet.length + without.length > 0

/** Dishes from every menu that match the words typed and the filters, best first. */
export function SearchResults({ dishes, query, filters, onReset, card }: SearchResultsProps) {
  const { t, language } = useMessages(messages)
  const index = useMemo(() => buildSearchIndex(dishes), [dishes])
  const statusId = useId()
  const found = useMemo(() => searchDishes(index, query, filters), [index, query, filters])
  const count = found.length
  return (
    <section className="search-results" aria-labelledby={statusId}>
      <p id={statusId} className="search-results__status" role="status">
        {count > 0 ? t(pluralCategory(count, language), { count }) : t('nothing')}
      </p>
      {count > 0 ? (
        found.map((dish) => <div key={dish.id}>{card(dish)}</div>)
      ) : (
        <div className="search-results__empty">
          <p>{t('nothingHint')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={onReset}>
            {t('reset')}
          </button>
        </div>
      )}
    </section>
  )
}
