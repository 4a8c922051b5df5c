import { useId, type ReactNode } from 'react'
import type { CartLine } from '@tableside/contracts/cart'
import type { Dish } from '@tableside/contracts/menu'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { localized } from '../../../lib/i18n/localized-text'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'
import { DishDetails } from './dish-details'
import { ShareButton } from './share-button'
import './dish-modal.css'

const messages = defineMessages({ en: { close: 'Close' }, ru: { close: 'Закрыть' } })

interface DishModalProps {
  dish: Dish
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  /** The dish's own page, for sharing. */
  pageUrl: string
  onAdd: (line: CartLine) => void
  /** The favourite heart beside the name (decision 0052), drawn by the screen that owns it. */
  heart?: ReactNode
  /** Back to the menu where it was (the window lives in the address: Back closes it too). */
  onClose: () => void
}

/** A dish over the menu, as a sheet from the bottom of the phone. */
export default function DishModal({
  dish,
  restaurant,
  pageUrl,
  onAdd,
  heart,
  onClose,
}: DishModalProps) {
  const { t, language } = useMessages(messages)
  const { ref, dismiss, onBackdropClick } = useModalDialog(onClose, { focusDialog: true })
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      tabIndex={-1}
      className="dish-modal"
      aria-labelledby={titleId}
      onClick={onBackdropClick}
    >
      <div className="dish-modal__sheet">
        <button
          type="button"
          className="dish-modal__close"
          aria-label={t('close')}
          onClick={dismiss}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M6 6l12 12M18 6 6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <DishDetails
          key={dish.id}
          dish={dish}
          restaurant={restaurant}
          heading="h2"
          titleId={titleId}
          actions={
            <>
              {heart}
              <ShareButton title={localized(dish.name, language)} url={pageUrl} />
            </>
          }
          onAdd={onAdd}
        />
      </div>
    </dialog>
  )
}
