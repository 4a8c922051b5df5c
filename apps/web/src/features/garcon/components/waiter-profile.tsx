import { buttonClass } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/status-icons'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useGarconSignOut } from '../api/sign-out'
import { garconMessages } from '../garcon-messages'
import { useSignedInWaiter } from '../signed-in-waiter'
import { DevicesIcon, SignOutIcon } from './garcon-icons'
import { DeviceList } from './device-list'
import { LanguageChoice } from './language-choice'
import { PinChangeForm } from './pin-change-form'
import { ShiftSwitch } from './shift-switch'
import { WaiterAvatar } from './waiter-avatar'
import '../../../components/ui/card.css'

/**
 * Who is signed in, their shift, language, PIN and devices, and the two ways out: this device,
 * or every device (a phone left behind). After either the browser forgets the token and the
 * sign-in window takes the screen's place.
 */
export function WaiterProfile({ place, timeZone }: { place: string; timeZone: string }) {
  const { t } = useMessages(garconMessages)
  const waiter = useSignedInWaiter()
  const signOut = useGarconSignOut()
  // A 401 means the session had already ended: the sign-in window says so, not this screen.
  const failed = signOut.isError && !(isApiError(signOut.error) && signOut.error.status === 401)
  const pending = signOut.isPending ? signOut.variables : null
  return (
    <>
      <section className="card waiter-card" aria-labelledby="waiter-name">
        <WaiterAvatar name={waiter.name} size="lg" />
        <div className="waiter-card__text">
          <h2 className="waiter-card__name" id="waiter-name">
            {waiter.name}
          </h2>
          <p className="waiter-card__place">{t('waiterAt', { place })}</p>
          <p className="waiter-card__status">{t('signedInHere')}</p>
        </div>
      </section>
      <ShiftSwitch />
      <LanguageChoice />
      <PinChangeForm />
      <DeviceList timeZone={timeZone} />
      <div className="sign-out">
        <div className="sign-out__choice">
          <button
            type="button"
            className={buttonClass('secondary', { block: true })}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate('here')}
          >
            <SignOutIcon size={20} />
            {pending === 'here' ? t('signingOut') : t('signOut')}
          </button>
          <p className="sign-out__hint">{t('signOutHint')}</p>
        </div>
        <div className="sign-out__choice">
          <button
            type="button"
            className={buttonClass('secondary', { block: true })}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate('everywhere')}
          >
            <DevicesIcon size={20} />
            {pending === 'everywhere' ? t('signingOut') : t('signOutEverywhere')}
          </button>
          <p className="sign-out__hint">{t('signOutEverywhereHint')}</p>
        </div>
        <p className="sign-out__problem" role="alert">
          {failed ? (
            <>
              <AlertIcon size={18} />
              {t('signOutFailed')}
            </>
          ) : null}
        </p>
      </div>
    </>
  )
}
