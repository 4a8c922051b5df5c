import type { ClientProfile } from '@tableside/contracts/client'
import { buttonClass } from '../../../components/ui/button'
import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useClientSignOut } from '../api/client-me'
import { clientMessages } from '../client-messages'
import { BonusCardSection } from './bonus-card'
import { ProfileAddresses } from './profile-addresses'
import { ProfileDetailsForm } from './profile-details-form'
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
      <ProfileDetailsForm client={client} />
      <ProfileAddresses />
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
