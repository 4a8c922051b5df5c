import { useId, useState, type ReactNode } from 'react'
import { MAX_LINE_COMMENT, MAX_LINE_QUANTITY, type CartLine } from '@tableside/contracts/cart'
import type { Dish, ModifierGroup } from '@tableside/contracts/menu'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { MenuPhoto } from '../../../components/ui/menu-photo'
import { localized } from '../../../lib/i18n/localized-text'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages, type Translate } from '../../../lib/i18n/use-translation'
import { allergenMessages } from '../dish-labels'
import { menuMessages } from '../menu-messages'
import { formatPortion } from '../menu-text'
import {
  chosenOptionIds,
  firstUnmetGroup,
  isSingleChoice,
  toggleOption,
  unitPrice,
  type Selection,
} from '../modifier-rules'
import { initialSelection } from '../quick-add'
import './dish-details.css'

const messages = defineMessages({
  en: {
    perPortion: 'Per portion',
    kcal: 'kcal',
    protein: 'protein',
    fat: 'fat',
    carbs: 'carbs',
    grams: '{value} g',
    allergens: 'Allergens',
    required: 'Required',
    optional: 'Optional',
    chooseN: 'choose {count}',
    chooseRange: 'choose {min}–{max}',
    upTo: 'up to {max}',
    unavailable: 'unavailable',
    comment: 'Note for the kitchen',
    commentHint: 'No onion, sauce on the side…',
    quantity: 'Quantity',
    less: 'One less',
    more: 'One more',
    add: 'Add · {total}',
    choose: 'Choose: {group}',
    soldOut: 'Sold out right now',
    adult: '18+',
  },
  ru: {
    perPortion: 'На порцию',
    kcal: 'ккал',
    protein: 'белки',
    fat: 'жиры',
    carbs: 'углеводы',
    grams: '{value} г',
    allergens: 'Аллергены',
    required: 'Обязательно',
    optional: 'По желанию',
    chooseN: 'выберите {count}',
    chooseRange: 'выберите от {min} до {max}',
    upTo: 'до {max}',
    unavailable: 'нет в наличии',
    comment: 'Комментарий для кухни',
    commentHint: 'Без лука, соус отдельно…',
    quantity: 'Количество',
    less: 'Меньше',
    more: 'Больше',
    add: 'Добавить · {total}',
    choose: 'Выберите: {group}',
    soldOut: 'Сейчас нет в наличии',
    adult: '18+',
  },
})

type Key = keyof (typeof messages)['en']

function groupRule({ minChoices: min, maxChoices: max }: ModifierGroup, t: Translate<Key>) {
  const count =
    max === 1
      ? t('chooseN', { count: 1 })
      : min === max
        ? t('chooseN', { count: max })
        : min > 0
          ? t('chooseRange', { min, max })
          : t('upTo', { max })
  return `${min > 0 ? t('required') : t('optional')}, ${count}`
}

export interface DishDetailsProps {
  dish: Dish
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  /** h2 in the dish window, h1 on the dish page. */
  heading: 'h1' | 'h2'
  titleId?: string
  /** Beside the name, e.g. sharing. */
  actions?: ReactNode
  onAdd: (line: CartLine) => void
}

/** Everything about a dish and the form that puts it in the cart, with the menu's rules enforced. */
export function DishDetails({
  dish,
  restaurant,
  heading: Heading,
  titleId,
  actions,
  onAdd,
}: DishDetailsProps) {
  const { t, language } = useMessages(messages)
  const labels = useMessages(menuMessages)
  const allergens = useMessages(allergenMessages)
  const [selection, setSelection] = useState<Selection>(() => initialSelection(dish))
  const [quantity, setQuantity] = useState(1)
  const [comment, setComment] = useState('')
  const reasonId = useId()
  const commentId = useId()
  const price = (minor: number) => formatPrice(minor, restaurant)
  const unmet = firstUnmetGroup(dish, selection)
  const reason = !dish.available
    ? t('soldOut')
    : unmet
      ? t('choose', { group: localized(unmet.name, language) })
      : undefined
  const nutrition = dish.nutrition

  return (
    <article className="dish-details">
      <div className="dish-details__photo" style={{ backgroundColor: dish.photo?.color }}>
        {dish.photo ? (
          <MenuPhoto
            src={dish.photo.url}
            sizes="(min-width: 720px) 480px, 100vw"
            alt={localized(dish.photo.alt, language)}
            width={400}
            height={300}
            fetchPriority="high"
          />
        ) : null}
      </div>
      <div className="dish-details__content">
        <div className="dish-details__head">
          <Heading id={titleId} className="dish-details__name">
            {localized(dish.name, language)}
          </Heading>
          {actions}
        </div>
        <p className="dish-details__facts">
          <span className="dish-details__price">{price(dish.price)}</span>
          {dish.portion ? <span>{formatPortion(dish.portion, language)}</span> : null}
          {dish.ageRestricted ? <span className="dish-details__adult">{t('adult')}</span> : null}
          {dish.available ? null : (
            <span className="dish-details__adult">{labels.t('soldOut')}</span>
          )}
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

        <form
          className="dish-details__form"
          onSubmit={(event) => {
            event.preventDefault()
            if (reason) return
            const note = comment.trim()
            onAdd({
              dishId: dish.id,
              quantity,
              optionIds: chosenOptionIds(dish, selection),
              ...(note ? { comment: note } : {}),
            })
          }}
        >
          {dish.modifierGroups.map((group) => {
            const chosen = selection[group.id] ?? []
            const full = group.maxChoices > 1 && chosen.length >= group.maxChoices
            return (
              <fieldset
                key={group.id}
                className="modifier-group"
                data-unmet={unmet?.id === group.id || undefined}
              >
                <legend>
                  {localized(group.name, language)}
                  <span className="modifier-group__rule">{groupRule(group, t)}</span>
                </legend>
                {group.options.map((option) => {
                  const checked = chosen.includes(option.id)
                  return (
                    <label key={option.id} className="modifier-option">
                      <input
                        type={isSingleChoice(group) ? 'radio' : 'checkbox'}
                        name={`${dish.id}-${group.id}`}
                        checked={checked}
                        disabled={!option.available || (full && !checked)}
                        onChange={() =>
                          setSelection({
                            ...selection,
                            [group.id]: toggleOption(group, chosen, option.id),
                          })
                        }
                      />
                      <span className="modifier-option__name">
                        {localized(option.name, language)}
                        {option.available ? null : (
                          <span className="modifier-option__note"> · {t('unavailable')}</span>
                        )}
                      </span>
                      {option.priceDelta > 0 ? (
                        <span className="modifier-option__price">+{price(option.priceDelta)}</span>
                      ) : null}
                    </label>
                  )
                })}
              </fieldset>
            )
          })}

          <div className="dish-details__comment">
            <label htmlFor={commentId}>{t('comment')}</label>
            <textarea
              id={commentId}
              rows={2}
              maxLength={MAX_LINE_COMMENT}
              placeholder={t('commentHint')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <span className="dish-details__counter" aria-hidden="true">
              {comment.length}/{MAX_LINE_COMMENT}
            </span>
          </div>

          <div className="dish-details__footer">
            {reason ? (
              <p id={reasonId} className="dish-details__reason">
                {reason}
              </p>
            ) : null}
            <div className="dish-details__actions">
              <div className="stepper" role="group" aria-label={t('quantity')}>
                <button
                  type="button"
                  aria-label={t('less')}
                  disabled={quantity <= 1}
                  onClick={() => setQuantity(quantity - 1)}
                >
                  −
                </button>
                <output aria-live="polite">{quantity}</output>
                <button
                  type="button"
                  aria-label={t('more')}
                  disabled={quantity >= MAX_LINE_QUANTITY}
                  onClick={() => setQuantity(quantity + 1)}
                >
                  +
                </button>
              </div>
              <button
                type="submit"
                className="dish-details__add"
                disabled={reason !== undefined}
                aria-describedby={reason ? reasonId : undefined}
              >
                {t('add', { total: price(unitPrice(dish, selection) * quantity) })}
              </button>
            </div>
          </div>
        </form>
      </div>
    </article>
  )
}
