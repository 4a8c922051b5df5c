import { lazy, Suspense, useId, useMemo, useState } from 'react'
import type { Menu, RestaurantMenu } from '@tableside/contracts/menu'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { restaurantClock } from '../../../lib/restaurant-time'
import { menuMessages } from '../menu-messages'
import { dishesById, isServedAt, menuSections } from '../menu-sections'
import { servedHours } from '../menu-text'
import type { SearchFilters } from '../search/search-engine'
import { CategoryTabs } from './category-tabs'
import { DishCard, type DishCardActions } from './dish-card'
import './menu-browser.css'

export const loadSearch = () => import('../search/search-panel')
const SearchPanel = lazy(loadSearch)

const NO_FILTERS: SearchFilters = { diet: [], without: [] }

interface MenuBrowserProps {
  data: RestaurantMenu
  actions: DishCardActions
  timezone: string
  /** The menu picked in the address (`?menu=bar`); the one served now otherwise. */
  menuId: string | null
  onMenuChange: (menuId: string) => void
}

/** "HH:MM" now on the restaurant's clock, as menus' hours are written. */
const servedClock = (timezone: string) => restaurantClock(Date.now(), timezone, 'en-GB')

function defaultMenu(menus: readonly Menu[], timezone: string): Menu | undefined {
  const now = servedClock(timezone)
  return menus.find((menu) => isServedAt(menu, now)) ?? menus[0]
}

/** The menus, their categories and dishes; search and filters take their place when used. */
export function MenuBrowser({ data, actions, timezone, menuId, onMenuChange }: MenuBrowserProps) {
  const { t, language } = useMessages(menuMessages)
  const [query, setQuery] = useState('')
  const [filters, setFilters] = useState(NO_FILTERS)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filtersId = useId()
  const menu = data.menus.find((m) => m.id === menuId) ?? defaultMenu(data.menus, timezone)
  const dishes = useMemo(() => dishesById(data), [data])
  const sections = useMemo(() => (menu ? menuSections(menu, dishes) : []), [menu, dishes])
  const filterCount = filters.diet.length + filters.without.length
  const searching = query.trim() !== '' || filterCount > 0
  const hours = menu && servedHours(menu)
  let eager = 4

  return (
    <>
      <search className="menu-search">
        <input
          type="search"
          className="menu-search__input"
          aria-label={t('search')}
          placeholder={t('search')}
          value={query}
          enterKeyHint="search"
          onFocus={() => void loadSearch()}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button
          type="button"
          className="menu-search__filters"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onPointerDown={() => void loadSearch()}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {t('filters')}
          {filterCount > 0 ? <span className="menu-search__count">{filterCount}</span> : null}
        </button>
      </search>
      {filtersOpen || searching ? (
        <Suspense fallback={null}>
          <SearchPanel
            filtersId={filtersId}
            filtersOpen={filtersOpen}
            dishes={data.dishes}
            query={query}
            filters={filters}
            onFilters={setFilters}
            onReset={() => {
              setQuery('')
              setFilters(NO_FILTERS)
            }}
            card={(dish) => <DishCard dish={dish} actions={actions} language={language} t={t} />}
          />
        </Suspense>
      ) : null}
      {searching || !menu ? null : (
        <>
          {data.menus.length > 1 ? (
            <div className="menu-switch" role="group" aria-label={t('menus')}>
              {data.menus.map((m) => (
                <button
                  key={m.id}
                  type="button"
                  className="menu-switch__option"
                  aria-pressed={m.id === menu.id}
                  onClick={() => onMenuChange(m.id)}
                >
                  {localized(m.name, language)}
                  <small>{servedHours(m) ?? t('allDay')}</small>
                </button>
              ))}
            </div>
          ) : null}
          {hours && !isServedAt(menu, servedClock(timezone)) ? (
            <p className="menu-note">{t('notServed', { hours })}</p>
          ) : null}
          <CategoryTabs
            key={menu.id}
            label={t('categories')}
            tabs={sections.map((s) => ({
              id: `menu-${s.category.id}`,
              label: localized(s.category.name, language),
            }))}
          />
          {sections.map((section) => (
            <section
              key={section.category.id}
              id={`menu-${section.category.id}`}
              className="menu-section"
              aria-labelledby={`menu-${section.category.id}-title`}
            >
              {[section, ...section.subsections].map((group, index) => {
                const Heading = index === 0 ? 'h2' : 'h3'
                return (
                  <div key={group.category.id} className="menu-group">
                    <Heading id={`menu-${group.category.id}-title`} tabIndex={-1}>
                      {localized(group.category.name, language)}
                    </Heading>
                    {group.category.description ? (
                      <p className="menu-group__description">
                        {localized(group.category.description, language)}
                      </p>
                    ) : null}
                    {group.dishes.map((dish) => (
                      <DishCard
                        key={dish.id}
                        dish={dish}
                        actions={actions}
                        language={language}
                        t={t}
                        eager={eager-- > 0}
                      />
                    ))}
                  </div>
                )
              })}
            </section>
          ))}
        </>
      )}
    </>
  )
}
