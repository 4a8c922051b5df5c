import { useState, type SyntheticEvent } from 'react'
import type { CartLine } from '@tableside/contracts/cart'
import type { Dish, ModifierGroup } from '@tableside/contracts/menu'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dishDetailsMessages } from '../dish-details-messages'
import {
  chosenOptionIds,
  firstUnmetGroup,
  toggleOption,
  unitPrice,
  type Selection,
} from '../modifier-rules'
import { initialSelection } from '../quick-add'

/**
 * What the diner chooses for a dish before it goes to the cart (options, quantity, a note for
 * the kitchen), with the menu's rules: why it cannot go yet (`reason`), and what it costs.
 */
export function useDishForm(dish: Dish, onAdd: (line: CartLine) => void) {
  const { t, language } = useMessages(dishDetailsMessages)
  const [selection, setSelection] = useState<Selection>(() => initialSelection(dish))
  const [quantity, setQuantity] = useState(1)
  const [comment, setComment] = useState('')
  const unmet = firstUnmetGroup(dish, selection)
  const reason = !dish.available
    ? t('soldOut')
    : unmet
      ? t('choose', { group: localized(unmet.name, language) })
      : undefined

  return {
    selection,
    unmet,
    reason,
    quantity,
    setQuantity,
    comment,
    setComment,
    total: unitPrice(dish, selection) * quantity,
    toggle: (group: ModifierGroup, optionId: string) => {
      setSelection({
        ...selection,
        [group.id]: toggleOption(group, selection[group.id] ?? [], optionId),
      })
    },
    submit: (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (reason) return
      const note = comment.trim()
      onAdd({
        dishId: dish.id,
        quantity,
        optionIds: chosenOptionIds(dish, selection),
        ...(note ? { comment: note } : {}),
      })
    },
  }
}
