import { useQuery } from '@tanstack/react-query'
import type { GarconDevice } from '@tableside/contracts/garcon-profile'
import { buttonClass } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/status-icons'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { useApiClient } from '../../../lib/app-context'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { garconDevicesQueryOptions, useSignOutGarconDevice } from '../api/garcon-profile'
import { deviceName } from '../../../lib/device-name'
import { profileMessages } from '../profile-messages'
import { DevicesIcon } from './garcon-icons'

const when = (iso: string, language: UiLanguage, timeZone: string): string =>
  restaurantTime(iso, timeZone, dateLocale(language), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })

/**
 * "My devices": every sign-in still in use, this one marked; any other can be signed out from
 * here (the sign-out buttons below end this one or all).
 */
export function DeviceList({ timeZone }: { timeZone: string }) {
  const { t, language } = useMessages(profileMessages)
  const api = useApiClient()
  const devices = useQuery(garconDevicesQueryOptions(api))
  const signOut = useSignOutGarconDevice()
  const label = (device: GarconDevice) => {
    const { browser, system } = deviceName(device.userAgent)
    return [browser, system].filter(Boolean).join(', ') || t('unknownDevice')
  }
  return (
    <section className="profile-section" aria-labelledby="garcon-devices">
      <h2 className="profile-section__title" id="garcon-devices">
        {t('devices')}
      </h2>
      <p className="profile-section__hint">{t('devicesHint')}</p>
      {devices.data ? (
        <ul className="device-list">
          {devices.data.devices.map((device) => (
            <li key={device.id} className="device card" data-current={device.current || undefined}>
              <DevicesIcon size={24} />
              <div className="device__text">
                <p className="device__name" id={`device-${device.id}`}>
                  {label(device)}
                  {device.current ? <span className="device__here">{t('thisDevice')}</span> : null}
                </p>
                <p className="device__when">
                  {t('signedInAt', { time: when(device.createdAt, language, timeZone) })}
                  {device.lastUsedAt && !device.current
                    ? ` · ${t('lastUsed', { time: when(device.lastUsedAt, language, timeZone) })}`
                    : null}
                </p>
              </div>
              {device.current ? null : (
                <button
                  type="button"
                  className={`${buttonClass('secondary')} device__end`}
                  aria-describedby={`device-${device.id}`}
                  disabled={signOut.isPending && signOut.variables === device.id}
                  onClick={() => signOut.mutate(device.id)}
                >
                  {signOut.isPending && signOut.variables === device.id
                    ? t('ending')
                    : t('endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : devices.isError ? (
        <p className="profile-section__problem" role="alert">
          <AlertIcon size={18} />
          {t('devicesFailed')}
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void devices.refetch()}
          >
            {t('retry')}
          </button>
        </p>
      ) : (
        <p className="profile-section__hint" role="status">
          {t('devicesLoading')}
        </p>
      )}
      {/* A device already gone (404) simply leaves the list, which is asked again. */}
      {signOut.isError && !(isApiError(signOut.error) && signOut.error.status === 404) ? (
        <p className="profile-section__problem" role="alert">
          <AlertIcon size={18} />
          {t('endFailed')}
        </p>
      ) : null}
    </section>
  )
}
