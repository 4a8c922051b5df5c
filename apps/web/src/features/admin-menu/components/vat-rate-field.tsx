import { VAT_RATES, type VatRate } from '@tableside/contracts/admin-profile'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { SelectField } from './form-field'

/** The VAT rate on receipts (decision 0133), or none: then the one `unsetLabel` names. */
export function VatRateField({
  value,
  unsetLabel,
  hint,
  error,
  t,
  onChange,
}: {
  value: VatRate | ''
  unsetLabel: string
  hint: string
  error: string | undefined
  t: Translate<AdminMenuMessageKey>
  onChange: (rate: VatRate | '') => void
}) {
  return (
    <SelectField
      label={t('vatRate')}
      hint={hint}
      error={error}
      value={value}
      onChange={(chosen) => {
        onChange(VAT_RATES.find((rate) => rate === chosen) ?? '')
      }}
    >
      <option value="">{unsetLabel}</option>
      {VAT_RATES.map((rate) => (
        <option key={rate} value={rate}>
          {t(`vat_${rate}`)}
        </option>
      ))}
    </SelectField>
  )
}
