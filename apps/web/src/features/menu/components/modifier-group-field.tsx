import type { ModifierGroup } from '@tableside/contracts/menu'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages, type Translate } from '../../../lib/i18n/use-translation'
import { dishDetailsMessages, type DishDetailsMessageKey } from '../dish-details-messages'
import { isSingleChoice } from '../modifier-rules'

function groupRule(
  { minChoices: min, maxChoices: max }: ModifierGroup,
  t: Translate<DishDetailsMessageKey>,
) {
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

interface ModifierGroupFieldProps {
  /** Names the inputs, so a group's radio buttons are one choice. */
  dishId: string
  group: ModifierGroup
  chosen: readonly string[]
  /** The first group that still needs a choice: marked. */
  unmet: boolean
  price: (minor: number) => string
  onToggle: (optionId: string) => void
}

/** One group of a dish's options with its rule ("Required, choose 1"); full, it takes no more. */
export function ModifierGroupField({
  dishId,
  group,
  chosen,
  unmet,
  price,
  onToggle,
}: ModifierGroupFieldProps) {
  const { t, language } = useMessages(dishDetailsMessages)
  const full = group.maxChoices > 1 && chosen.length >= group.maxChoices
  return (
    <fieldset className="modifier-group" data-unmet={unmet || undefined}>
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
              name={`${dishId}-${group.id}`}
              checked={checked}
              disabled={!option.available || (full && !checked)}
              onChange={() => onToggle(option.id)}
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
}
