import type { Dish } from '@tableside/contracts/menu'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dishDetailsMessages } from '../dish-details-messages'
import { allergenMessages } from '../dish-labels'
import { menuMessages } from '../menu-messages'
import { formatPortion } from '../menu-text'

/** What a dish is: price, portion and tags, its description, nutrition and allergens. */
export function DishFacts({ dish, price }: { dish: Dish; price: (minor: number) => string }) {
  const { t, language } = useMessages(dishDetailsMessages)
  const labels = useMessages(menuMessages)
  const allergens = useMessages(allergenMessages)
  const nutrition = dish.nutrition
  return (
    <>
      <p className="dish-details__facts">
        <span className="dish-details__price">{price(dish.price)}</span>
        {dish.portion ? <span>{formatPortion(dish.portion, language)}</span> : null}
        {dish.ageRestricted ? <span className="dish-details__adult">{t('adult')}</span> : null}
        {dish.available ? null : <span className="dish-details__adult">{labels.t('soldOut')}</span>}
        {dish.highlight ? (
          <span className="dish-details__tag">{labels.t(dish.highlight)}</span>
        ) : null}
        {dish.diet.map((tag) => (
          <span key={tag} className="dish-details__tag">
            {labels.t(tag)}
          </span>
        ))}
      </p>
      {dish.description ? (
        <p className="dish-details__description">{localized(dish.description, language)}</p>
      ) : null}
      {nutrition ? (
        <dl className="dish-details__nutrition" aria-label={t('perPortion')}>
          <div>
            <dt>{t('kcal')}</dt>
            <dd>{Math.round(nutrition.kcal)}</dd>
          </div>
          {(['protein', 'fat', 'carbs'] as const).map((key) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{t('grams', { value: Math.round(nutrition[key]) })}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {dish.allergens.length > 0 ? (
        <p className="dish-details__allergens">
          <strong>{t('allergens')}: </strong>
          {dish.allergens.map((a) => allergens.t(a).toLowerCase()).join(', ')}
        </p>
      ) : null}
    </>
  )
}
