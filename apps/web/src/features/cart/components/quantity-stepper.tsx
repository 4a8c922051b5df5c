import { Icon } from '../../../components/ui/icon'
import { MAX_LINE_QUANTITY } from '@tableside/contracts/cart'
import { useMessages } from '../../../lib/i18n/use-translation'
import { cartMessages } from '../cart-messages'

/** − quantity +; at one portion the minus becomes "remove". */
export function QuantityStepper({
  name,
  quantity,
  onChange,
  onRemove,
}: {
  name: string
  quantity: number
  onChange: (quantity: number) => void
  onRemove: () => void
}) {
  const { t } = useMessages(cartMessages)
  const last = quantity <= 1
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={last ? t('remove', { name }) : t('decrease', { name })}
        onClick={() => (last ? onRemove() : onChange(quantity - 1))}
      >
        <Icon size={20}>
          {last ? (
            <path d="M5 7h14M10 4.5h4M7 7l.8 11.2a2 2 0 0 0 2 1.8h4.4a2 2 0 0 0 2-1.8L17 7M10.5 11v5M13.5 11v5" />
          ) : (
            <path d="M6 12h12" />
          )}
        </Icon>
      </button>
      <output className="quantity-stepper__value" aria-label={t('quantity', { count: quantity })}>
        {quantity}
      </output>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t('increase', { name })}
        disabled={quantity >= MAX_LINE_QUANTITY}
        onClick={() => onChange(quantity + 1)}
      >
        <Icon size={20}>
          <path d="M6 12h12M12 6v12" />
        </Icon>
      </button>
    </div>
  )
}
