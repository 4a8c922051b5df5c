import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useClientAddresses, useDeleteAddress } from '../api/client-addresses'
import { clientMessages } from '../client-messages'
import { useAddressForm } from '../hooks/use-address-form'
import { ClientField } from './client-field'

/** The diner's saved delivery addresses: each with its "remove", and a form to add one. */
export function ProfileAddresses() {
  const { t } = useMessages(clientMessages)
  const addresses = useClientAddresses(true)
  const remove = useDeleteAddress()
  const form = useAddressForm()
  const list = addresses.data?.addresses ?? []
  return (
    <section className="client-card" aria-labelledby="client-addresses">
      <h2 className="client-card__title" id="client-addresses">
        {t('addresses')}
      </h2>
      {list.length === 0 ? <p className="client-form__note">{t('noAddresses')}</p> : null}
      {list.length > 0 ? (
        <ul className="client-addresses">
          {list.map(({ id, address }) => (
            <li key={id} className="client-addresses__item">
              <span>
                {[address.street, address.house, address.apartment].filter(Boolean).join(', ')}
              </span>
              <button
                type="button"
                className="client-link"
                disabled={remove.isPending}
                onClick={() => remove.mutate(id)}
              >
                {t('removeAddress')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="client-form" onSubmit={form.submit}>
        {form.fields.map(([field, value, set, autoComplete]) => (
          <ClientField key={field} id={`client-address-${field}`} label={t(field)}>
            <input
              id={`client-address-${field}`}
              className="client-field__input"
              autoComplete={autoComplete}
              maxLength={field === 'street' ? 200 : 20}
              value={value}
              onChange={(event) => set(event.currentTarget.value)}
            />
          </ClientField>
        ))}
        {form.failure ? (
          <p className="client-problem" role="alert">
            {t(form.failure)}
          </p>
        ) : null}
        <button type="submit" className={buttonClass('secondary')} disabled={form.adding}>
          {t('addAddress')}
        </button>
      </form>
    </section>
  )
}
