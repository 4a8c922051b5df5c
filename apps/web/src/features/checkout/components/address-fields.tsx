import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import type { CheckoutValues, FieldProblems } from '../checkout-form'
import type { AddressValues, CheckoutDiner } from '../saved-addresses'
import { KeepAddress, SavedAddressPicker } from './saved-address-picker'
import { TextField, useTypedFields } from './text-field'

interface AddressFieldsProps {
  values: AddressValues
  problems: FieldProblems
  onChange: (patch: Partial<CheckoutValues>) => void
  zoneNote: string | null
  /** A signed-in diner's saved addresses and "save this one"; null for anyone else. */
  saved: { diner: CheckoutDiner; keep: boolean; onKeep: (keep: boolean) => void } | null
}

const SMALL_PARTS = [
  ['apartment', 20, 'address-line2'],
  ['entrance', 10, 'off'],
  ['floor', 10, 'off'],
  ['intercom', 20, 'off'],
] as const

/** Where the courier goes: street and house needed, the rest helps them find the door. */
export function AddressFields({ values, problems, onChange, zoneNote, saved }: AddressFieldsProps) {
  const { t } = useMessages(checkoutMessages)
  const typed = useTypedFields(values, problems, onChange)
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">{t('addressLegend')}</legend>
      {zoneNote ? <p className="checkout-section__note">{zoneNote}</p> : null}
      {saved && saved.diner.addresses.length > 0 ? (
        <SavedAddressPicker addresses={saved.diner.addresses} values={values} onChange={onChange} />
      ) : null}
      <div className="checkout-section__fields checkout-section__fields--address">
        <TextField
          className="field--wide"
          {...typed('street')}
          autoComplete="address-line1"
          maxLength={200}
        />
        <TextField {...typed('house')} maxLength={20} />
        {SMALL_PARTS.map(([part, max, autoComplete]) => (
          <TextField
            key={part}
            {...typed(part)}
            optional
            autoComplete={autoComplete}
            maxLength={max}
          />
        ))}
      </div>
      {saved ? <KeepAddress {...saved} values={values} /> : null}
    </fieldset>
  )
}
