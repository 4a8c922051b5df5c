import type { Restaurant } from '@tableside/contracts/restaurants'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { restaurantName } from '../../../lib/restaurant-name'
import './restaurant-card.css'

const messages = defineMessages({
  en: { about: 'About the restaurant', call: 'Call {phone}', inn: 'INN {inn}' },
  ru: { about: 'О ресторане', call: 'Позвонить: {phone}', inn: 'ИНН {inn}' },
})

/**
 * Under the menu (issue 29, decision 0115): the restaurant's logo, name, address and phone, and
 * who sells (the legal name and INN a diner has the right to know). Nothing when none is set.
 */
export function RestaurantCard({ restaurant }: { restaurant: Restaurant }) {
  const { t, language } = useMessages(messages)
  const { logo, address, phone, legalName, inn } = restaurant
  if (!logo && !address && !phone && !legalName) return null
  return (
    <section className="restaurant-card" aria-label={t('about')}>
      {logo ? (
        <img
          className="restaurant-card__logo"
          src={logo.url}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          style={{ background: logo.color }}
        />
      ) : null}
      <div className="restaurant-card__text">
        <p className="restaurant-card__name">{restaurantName(restaurant, language)}</p>
        {address ? <p>{address}</p> : null}
        {phone ? (
          <p>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={t('call', { phone })}>
              {phone}
            </a>
          </p>
        ) : null}
        {legalName ? (
          <p className="restaurant-card__legal">
            {inn ? `${legalName}, ${t('inn', { inn })}` : legalName}
          </p>
        ) : null}
      </div>
    </section>
  )
}
