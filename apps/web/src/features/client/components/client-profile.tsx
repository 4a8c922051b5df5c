import { useState, type SubmitEvent } from 'react'
import type { ClientProfile } from '@tableside/contracts/client'
import { MAX_RECEIPT_CONTACT, receiptContactProblem } from '@tableside/contracts/receipt-contact'
import { buttonClass } from '../../../components/ui/button'
import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useAddAddress, useClientAddresses, useDeleteAddress } from '../api/client-addresses'
import { useClientSignOut, useUpdateClientMe } from '../api/client-me'
import { clientMessages } from '../client-messages'
import { shownPhone } from '../shown-phone'
import { BonusCardSection } from './bonus-card'
import '../client.css'

/** What signing in gives, and the button. */
export function AnonymousProfile({ restaurantId }: { restaurantId: string }) {
  const { t } = useMessages(clientMessages)
  return (
    <section className="client-form">
      <p className="client-form__lead">{t('anonymousLead')}</p>
      <ul className="client-perks">
        <li>{t('perkHistory')}</li>
        <li>{t('perkFavorites')}</li>
        <li>{t('perkCard')}</li>
      </ul>
      <Link className={buttonClass('primary', { block: true })} to={paths.clientAuth(restaurantId)}>
        {t('signIn')}
      </Link>
    </section>
  )
}

function DetailsForm({ client }: { client: ClientProfile }) {
  const { t } = useMessages(clientMessages)
  const update = useUpdateClientMe()
  const [name, setName] = useState(client.name ?? '')
  const [birthday, setBirthday] = useState(client.birthday ?? '')
  const [language, setLanguage] = useState(client.language ?? '')
  const [receiptContact, setReceiptContact] = useState(client.receiptContact ?? '')
  const [contactTried, setContactTried] = useState(false)
  const contact = receiptContact.trim()
  const contactLooksWrong = contact !== '' && receiptContactProblem(contact) !== null
  // The server reads a phone with libphonenumber-js: a landline it refuses, and says where.
  const contactRefused =
    update.isError &&
    isApiError(update.error) &&
    update.error.fields.some((field) => field.path === 'body.receiptContact')
  const contactInvalid = (contactTried && contactLooksWrong) || contactRefused
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (contactLooksWrong) {
      setContactTried(true)
      return
    }
    update.mutate(
      {
        name: name.trim() === '' ? null : name.trim(),
        birthday: birthday === '' ? null : birthday,
        language: language === 'ru' || language === 'en' ? language : null,
        receiptContact: contact === '' ? null : contact,
      },
      {
        // As the server keeps it: an email in lower case, a phone in E.164.
        onSuccess: (saved) => setReceiptContact(saved.receiptContact ?? ''),
      },
    )
  }
  return (
    <form className="client-form client-card" onSubmit={submit}>
      <p className="client-form__phone">{shownPhone(client.phone)}</p>
      <div className="client-field">
        <label className="client-field__label" htmlFor="client-name">
          {t('name')}
        </label>
        <input
          id="client-name"
          className="client-field__input"
          autoComplete="name"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </div>
      <div className="client-field">
        <label className="client-field__label" htmlFor="client-birthday">
          {t('birthday')}
        </label>
        <input
          id="client-birthday"
          className="client-field__input"
          type="date"
          autoComplete="bday"
          aria-describedby="client-birthday-hint"
          value={birthday}
          onChange={(event) => setBirthday(event.currentTarget.value)}
        />
        <p className="client-form__note" id="client-birthday-hint">
          {t('birthdayHint')}
        </p>
      </div>
      <div className="client-field">
        <label className="client-field__label" htmlFor="client-language">
          {t('language')}
        </label>
        <select
          id="client-language"
          className="client-field__input"
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
        >
          <option value="">{t('languageDevice')}</option>
          <option value="ru">Русский</option>
          <option value="en">English</option>
        </select>
      </div>
      <div className="client-field">
        <label className="client-field__label" htmlFor="client-receipt-contact">
          {t('receiptContact')}
        </label>
        <input
          id="client-receipt-contact"
          className="client-field__input"
          type="text"
          inputMode="email"
          autoComplete="email"
          maxLength={MAX_RECEIPT_CONTACT}
          aria-invalid={contactInvalid}
          aria-describedby="client-receipt-contact-hint"
          value={receiptContact}
          onChange={(event) => {
            setReceiptContact(event.currentTarget.value)
            setContactTried(false)
            update.reset()
          }}
        />
        <p
          className={contactInvalid ? 'client-problem' : 'client-form__note'}
          id="client-receipt-contact-hint"
        >
          {contactInvalid ? t('receiptContactInvalid') : t('receiptContactHint')}
        </p>
      </div>
      {update.isError && !contactRefused ? (
        <p className="client-problem" role="alert">
          {t('failed')}
        </p>
      ) : null}
      {update.isSuccess ? <p className="client-form__note">{t('saved')}</p> : null}
      <button type="submit" className={buttonClass('primary')} disabled={update.isPending}>
        {t('save')}
      </button>
    </form>
  )
}

function Addresses() {
  const { t } = useMessages(clientMessages)
  const addresses = useClientAddresses(true)
  const add = useAddAddress()
  const remove = useDeleteAddress()
  const [street, setStreet] = useState('')
  const [house, setHouse] = useState('')
  const [apartment, setApartment] = useState('')
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (street.trim() === '' || house.trim() === '') return
    add.mutate(
      { street, house, ...(apartment.trim() ? { apartment } : {}) },
      {
        onSuccess: () => {
          setStreet('')
          setHouse('')
          setApartment('')
        },
      },
    )
  }
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
      <form className="client-form" onSubmit={submit}>
        {(
          [
            ['street', street, setStreet, 'address-line1'],
            ['house', house, setHouse, 'address-line2'],
            ['apartment', apartment, setApartment, 'off'],
          ] as const
        ).map(([field, value, set, autoComplete]) => (
          <div className="client-field" key={field}>
            <label className="client-field__label" htmlFor={`client-address-${field}`}>
              {t(field)}
            </label>
            <input
              id={`client-address-${field}`}
              className="client-field__input"
              autoComplete={autoComplete}
              maxLength={field === 'street' ? 200 : 20}
              value={value}
              onChange={(event) => set(event.currentTarget.value)}
            />
          </div>
        ))}
        {add.isError ? (
          <p className="client-problem" role="alert">
            {isApiError(add.error) && add.error.code === 'too_many_addresses'
              ? t('tooManyAddresses')
              : t('failed')}
          </p>
        ) : null}
        <button type="submit" className={buttonClass('secondary')} disabled={add.isPending}>
          {t('addAddress')}
        </button>
      </form>
    </section>
  )
}

/** The signed-in diner: details, addresses, and the ways out. */
export function SignedInProfile({
  client,
  restaurantId,
  timeZone,
}: {
  client: ClientProfile
  restaurantId: string
  /** The restaurant's, whose calendar the card's dates are on. */
  timeZone: string
}) {
  const { t } = useMessages(clientMessages)
  const signOut = useClientSignOut()
  const secondary = buttonClass('secondary', { block: true })
  return (
    <div className="client-profile">
      <BonusCardSection restaurantId={restaurantId} timeZone={timeZone} />
      <DetailsForm client={client} />
      <Addresses />
      <nav className="client-form">
        <Link className={secondary} to={paths.history(restaurantId)}>
          {t('history')}
        </Link>
        <Link className={secondary} to={paths.favorites(restaurantId)}>
          {t('favorites')}
        </Link>
      </nav>
      <section className="client-form">
        {signOut.isError ? (
          <p className="client-problem" role="alert">
            {isApiError(signOut.error) && signOut.error.code === 'orders_in_progress'
              ? t('ordersInProgress')
              : t('failed')}
          </p>
        ) : null}
        <button
          type="button"
          className={secondary}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate('here')}
        >
          {t('signOut')}
        </button>
        <button
          type="button"
          className={secondary}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate('everywhere')}
        >
          {t('signOutEverywhere')}
        </button>
        <button
          type="button"
          className="client-link client-link--danger"
          disabled={signOut.isPending}
          onClick={() => {
            if (window.confirm(t('deleteConfirm'))) signOut.mutate('delete')
          }}
        >
          {t('deleteProfile')}
        </button>
      </section>
    </div>
  )
}
