import type { ReactNode } from 'react'
import { buttonClass } from '../../components/ui/button'
import { NoticeCard } from '../../components/ui/notice-card'
import { PageLoading } from '../../components/ui/page-loading'
import { RefreshIcon } from '../../components/ui/status-icons'
import { SignInForm } from '../../features/garcon/components/sign-in-form'
import { garconMessages } from '../../features/garcon/garcon-messages'
import { useGarconSession } from '../../features/garcon/hooks/use-garcon-session'
import { SignedInWaiterContext } from '../../features/garcon/signed-in-waiter'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import garconStylesheet from '../../styles/garcon.css?url'

/**
 * The frame of every waiter screen: the screen for a signed-in waiter, the sign-in window in
 * its place otherwise. Signing in draws the same screen, so a waiter whose session ended is
 * back where they were. Each waiter route wraps its screen in it rather than the router
 * nesting them under it: one lazy route less in the first load (decision 0041).
 */
export function GarconFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {/* React holds the screen until the waiters' own stylesheet has loaded (decision 0082). */}
      <link rel="stylesheet" href={garconStylesheet} precedence="garcon" />
      <GarconArea>{children}</GarconArea>
    </>
  )
}

function GarconArea({ children }: { children: ReactNode }) {
  const restaurantId = useRestaurantId()
  const { t } = useMessages(garconMessages)
  const session = useGarconSession()
  switch (session.status) {
    case 'signed-in':
      return <SignedInWaiterContext value={session.waiter}>{children}</SignedInWaiterContext>
    case 'signed-out':
      return (
        <Screen title={t('signInTitle')}>
          <SignInForm restaurantId={restaurantId} ended={session.ended} />
        </Screen>
      )
    case 'unreachable':
      return (
        <Screen title={t('signInTitle')}>
          <NoticeCard
            icon={<RefreshIcon size={32} />}
            title={t('unreachableTitle')}
            actions={
              <button type="button" className={buttonClass('primary')} onClick={session.retry}>
                {t('retry')}
              </button>
            }
          >
            <p>{t('unreachableText')}</p>
          </NoticeCard>
        </Screen>
      )
    case 'checking':
      return <PageLoading label={t('checking')} />
  }
}
