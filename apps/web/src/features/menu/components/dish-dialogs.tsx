import { useState, type ReactNode } from 'react'
import type { CartLine } from '@tableside/contracts/cart'
import type { Dish } from '@tableside/contracts/menu'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage } from '../../../lib/i18n/use-translation'
import { confirmAge, isAgeConfirmed } from '../age-confirmation'
import AgeGate from './age-gate'
import DishModal from './dish-modal'

interface DishDialogsProps {
  dish: Dish
  restaurant: Pick<Restaurant, 'id' | 'locale' | 'currency'>
  pageUrl: string
  onAdd: (line: CartLine) => void
  /** Draws the favourite heart for the dish window (its code is not the menu's first load). */
  heart?: ((restaurantId: string, dishId: string, name: string) => ReactNode) | undefined
  /** Back to the menu; declining the age check lands there too. */
  onClose: () => void
}

/** The dish opened over the menu (`?dish=`): the age check first for an 18+ dish, then the dish. */
export default function DishDialogs({
  dish,
  restaurant,
  pageUrl,
  onAdd,
  heart,
  onClose,
}: DishDialogsProps) {
  const language = useLanguage()
  const [confirmed, setConfirmed] = useState(() => isAgeConfirmed(restaurant.id))
  if (dish.ageRestricted && !confirmed) {
    return (
      <AgeGate
        dishName={localized(dish.name, language)}
        onConfirm={() => {
          confirmAge(restaurant.id)
          setConfirmed(true)
        }}
        onDecline={onClose}
      />
    )
  }
  return (
    <DishModal
      dish={dish}
      restaurant={restaurant}
      pageUrl={pageUrl}
      onAdd={onAdd}
      heart={heart?.(restaurant.id, dish.id, localized(dish.name, language))}
      onClose={onClose}
    />
  )
}
