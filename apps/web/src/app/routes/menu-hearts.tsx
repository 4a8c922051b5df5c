import { FavouriteButton } from '../../features/favourites/components/favourite-button'
import { useFavouritesSource } from '../../features/favourites/use-favourites-source'

interface HeartProps {
  restaurantId: string
  dishId: string
  name: string
}

/**
 * The menu's hearts (decision 0052), loaded just after the menu is drawn so the first load
 * carries none of their code: over each card's photo, and beside the name in the dish window.
 */
export function CardHeart({
  restaurantId,
  dishId,
  name,
  announce,
}: HeartProps & { announce: (text: string) => void }) {
  const source = useFavouritesSource(restaurantId)
  return <FavouriteButton source={source} dishId={dishId} name={name} announce={announce} onPhoto />
}

/** In the dish window, a dialog: the page's status line is inert behind it, so it has its own. */
export function WindowHeart({ restaurantId, dishId, name }: HeartProps) {
  const source = useFavouritesSource(restaurantId)
  return <FavouriteButton source={source} dishId={dishId} name={name} />
}
