import { equalShare, MAX_BILL_SHARES } from '@tableside/contracts/payments'
import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { NumberStepper } from '../../../components/ui/number-stepper'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { billPayMessages } from '../bill-pay-messages'
import { clampParts } from '../bill-payment-choice'

/** How many people split the bill, and what one share comes to. */
export function BillSharePicker({
  bill,
  parts,
  restaurant,
  onChange,
}: {
  bill: Bill
  parts: number
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  onChange: (parts: number) => void
}) {
  const { t } = useMessages(billPayMessages)
  const share = equalShare(bill.totals.free, parts)
  // Once someone has paid, say that the split is of what is left, not of the whole bill.
  const partlyPaid = bill.totals.free < bill.totals.total
  return (
    <div className="bill-pay__detail">
      <div className="bill-pay__people">
        <span className="bill-pay__people-label" aria-hidden="true">
          {t('people')}
        </span>
        <NumberStepper
          value={parts}
          min={2}
          max={MAX_BILL_SHARES}
          decreaseLabel={t('fewerPeople')}
          increaseLabel={t('morePeople')}
          valueLabel={`${t('people')}: ${String(parts)}`}
          onChange={(next) => onChange(clampParts(next))}
        />
      </div>
      <p className="bill-pay__per-person">
        {t('perPerson', { amount: formatPrice(share, restaurant) })}
      </p>
      {partlyPaid ? (
        <p className="bill-pay__note">
          {t('ofLeft', { left: formatPrice(bill.totals.free, restaurant), count: String(parts) })}
        </p>
      ) : null}
    </div>
  )
}
