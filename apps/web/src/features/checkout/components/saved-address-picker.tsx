import type { ClientAddress } from '@tableside/contracts/client'
import type { DeliveryAddress } from '@tableside/contracts/orders'
import { useAddressWords } from '../../../lib/address-words'
import { useMessages } from '../../../lib/i18n/use-translation'
import { savedAddressMessages } from '../saved-address-messages'
import {
  NO_ADDRESS,
  addressFields,
  addressTitle,
  matchingAddress,
  addressOffer,
  type AddressValues,
  type CheckoutDiner,
} from '../saved-addresses'
import '../../../components/ui/choice-card.css'
import '../saved-addresses.css'

interface SavedAddressPickerProps {
  addresses: readonly ClientAddress[]
  values: AddressValues
  onChange: (patch: AddressValues) => void
}

/**
 * The profile's addresses as cards above the fields: a card fills every field, "Another
 * address" empties them. Which card is checked follows the fields, so typing over a saved
 * address turns it into another one.
 */
export function SavedAddressPicker({ addresses, values, onChange }: SavedAddressPickerProps) {
  const { t } = useMessages(savedAddressMessages)
  const chosen = matchingAddress(addresses, values)
  const words = useAddressWords()
  const details = (address: DeliveryAddress) => words.details(address).join(' · ')
  return (
    <div
      className="choice-cards choice-cards--stacked saved-addresses"
      role="radiogroup"
      aria-label={t('savedAddresses')}
    >
      {addresses.map(({ id, address }) => {
        const more = details(address)
        return (
          <label key={id} className="choice-card choice-card--wide">
            <input
              type="radio"
              name="saved-address"
              className="choice-card__input"
              checked={chosen?.id === id}
              onChange={() => onChange(addressFields(address))}
            />
            <span className="choice-card__body">
              <span className="choice-card__title">{addressTitle(address)}</span>
              {more ? <span className="choice-card__hint">{more}</span> : null}
            </span>
          </label>
        )
      })}
      <label className="choice-card choice-card--wide">
        <input
          type="radio"
          name="saved-address"
          className="choice-card__input"
          checked={chosen === undefined}
          onChange={() => onChange(NO_ADDRESS)}
        />
        <span className="choice-card__body">
          <span className="choice-card__title">{t('otherAddress')}</span>
          <span className="choice-card__hint">{t('otherAddressHint')}</span>
        </span>
      </label>
    </div>
  )
}

interface KeepAddressProps {
  diner: CheckoutDiner
  values: AddressValues
  keep: boolean
  onKeep: (keep: boolean) => void
}

/** Under a new address: save it to the profile once the order is placed. */
export function KeepAddress({ diner, values, keep, onKeep }: KeepAddressProps) {
  const { t } = useMessages(savedAddressMessages)
  const offer = addressOffer(diner, values)
  if (offer === 'full') {
    return <p className="checkout-section__note">{t('profileFull', { max: diner.maxAddresses })}</p>
  }
  if (offer === null) return null
  return (
    <div className="keep-address">
      <input
        id="keep-address"
        type="checkbox"
        className="keep-address__input"
        checked={keep}
        aria-describedby="keep-address-hint"
        onChange={(event) => onKeep(event.currentTarget.checked)}
      />
      <label className="keep-address__label" htmlFor="keep-address">
        {t('keepAddress')}
      </label>
      <p className="keep-address__hint" id="keep-address-hint">
        {t('keepAddressHint')}
      </p>
    </div>
  )
}
