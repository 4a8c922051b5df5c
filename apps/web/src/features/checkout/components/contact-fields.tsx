import { phoneMaskOptions, useMaskInput } from '../../../lib/masks'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import type { CheckoutValues, FieldProblems } from '../checkout-form'
import { TextField, useTypedFields } from './text-field'

interface ContactFieldsProps {
  values: Pick<CheckoutValues, 'name' | 'phone'>
  problems: FieldProblems
  onChange: (patch: Partial<CheckoutValues>) => void
}

/** Name and phone (masked `+7 (###) ###-##-##`). */
export function ContactFields({ values, problems, onChange }: ContactFieldsProps) {
  const { t } = useMessages(checkoutMessages)
  const typed = useTypedFields<'name'>(values, problems, onChange)
  const phoneMask = useMaskInput(phoneMaskOptions, (phone) => onChange({ phone }))
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">{t('contactLegend')}</legend>
      <div className="checkout-section__fields">
        <TextField {...typed('name')} autoComplete="name" maxLength={80} />
        <TextField
          field="phone"
          label={t('phone')}
          problem={problems.phone}
          hint={t('phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (___) ___-__-__"
          inputRef={phoneMask}
          defaultValue={values.phone}
        />
      </div>
    </fieldset>
  )
}
