import { MAX_LINE_QUANTITY } from '@tableside/contracts/cart'
import { NumberStepper } from '../../../components/ui/number-stepper'
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
  return (
    <NumberStepper
      value={quantity}
      min={1}
      max={MAX_LINE_QUANTITY}
      decreaseLabel={t('decrease', { name })}
      increaseLabel={t('increase', { name })}
      valueLabel={t('quantity', { count: quantity })}
      onChange={onChange}
      remove={{ label: t('remove', { name }), onRemove }}
    />
  )
}
