import { useState } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { heartMessages } from '../favourite-messages'
import type { FavouritesSource } from '../favourites-source'
import { useFavourites } from '../use-favourites'
import '../../../components/ui/heart-toggle.css'

export interface FavouriteButtonProps {
  source: FavouritesSource
  dishId: string
  /** The dish's name as the diner reads it: in the label, the announcement and the saved entry. */
  name: string
  /**
   * Says the change aloud through the screen's own status line. Left out, the button keeps its
   * own: inside a dialog the page's line is out of reach (inert).
   */
  announce?: (text: string) => void
}

/** The heart: saves a dish to the diner's favourites or takes it off; `aria-pressed` says which. */
export function FavouriteButton({ source, dishId, name, announce }: FavouriteButtonProps) {
  const { t } = useMessages(heartMessages)
  const favourites = useFavourites(source)
  const saved = favourites.has(dishId)
  const [said, setSaid] = useState('')
  // The little beat plays after a tap only, never when the list is first drawn.
  const [pop, setPop] = useState(false)
  const toggle = () => {
    if (saved) favourites.remove(dishId)
    else favourites.add(dishId, name)
    setPop(!saved)
    const text = t(saved ? 'removed' : 'added', { name })
    if (announce) announce(text)
    else setSaid(text)
  }
  return (
    <>
      <button
        type="button"
        className="heart-toggle"
        aria-pressed={saved}
        aria-label={t('label', { name })}
        data-pop={pop || undefined}
        onAnimationEnd={() => setPop(false)}
        onClick={toggle}
      />
      {announce ? null : (
        <span className="visually-hidden" role="status">
          {said}
        </span>
      )}
    </>
  )
}
