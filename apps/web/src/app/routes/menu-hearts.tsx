import type { Dish } from '@tableside/contracts/menu'
import { FavouriteButton } from '../../features/favourites/components/favourite-button'
import { useProfileToken } from '../../features/client/profile-session-store'
import { useFavouritesSource } from '../../features/favourites/use-favourites-source'

interface HeartProps {
  restaurantId: string
  dishId: string
  name: string
  /** The screen's status line; the button's own when left out. */
  announce?: (text: string) => void
}

function MenuHeart({ restaurantId, ...props }: HeartProps) {
  return (
    <FavouriteButton source={useFavouritesSource(restaurantId, useProfileToken())} {...props} />
  )
}

/*
 * The menu's hearts (decision 0052), loaded once the menu is drawn so the first load carries
 * none of their code. The elements are made here too: every byte the menu's own chunk would
 * spend on them counts against the 125 KB budget.
 */

/** Over each card's photo, said aloud through the menu's status line. */
export const cardHearts =
  (restaurantId: string, announce: (text: string) => void) => (dish: Dish, name: string) => (
    <MenuHeart restaurantId={restaurantId} dishId={dish.id} name={name} announce={announce} />
  )

/** Beside the name in the dish window, a dialog: the page's status line is inert behind it. */
export const windowHeart = (restaurantId: string, dishId: string, name: string) => (
  <MenuHeart restaurantId={restaurantId} dishId={dishId} name={name} />
)
