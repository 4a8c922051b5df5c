import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import type { CheckoutValues, FieldProblems } from '../checkout-form'
import type { AddressValues, CheckoutDiner } from '../saved-addresses'
import { KeepAddress, SavedAddressPicker } from './saved-address-picker'
import { TextField } from './text-field'

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
          field="street"
          label={t('street')}
          problem={problems.street}
          autoComplete="address-line1"
          maxLength={200}
          value={values.street}
          onChange={(event) => onChange({ street: event.currentTarget.value })}
        />
        <TextField
          field="house"
          label={t('house')}
          problem={problems.house}
          maxLength={20}
          value={values.house}
          onChange={(event) => onChange({ house: event.currentTarget.value })}
        />
        {SMALL_PARTS.map(([part, max, autoComplete]) => (
          <TextField
            key={part}
            field={part}
            label={t(part)}
            problem={problems[part]}
            optional
            autoComplete={autoComplete}
            maxLength={max}
            value={values[part]}
            onChange={(event) => onChange({ [part]: event.currentTarget.value })}
          />
        ))}
      </div>
      {saved ? <KeepAddress {...saved} values={values} /> : null}
    </fieldset>
  )
}
