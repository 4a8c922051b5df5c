import type { ReactNode } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { PageLoading } from '../../../components/ui/page-loading'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { StaffSession } from '../api/staff-session'
import { staffMessages } from '../staff-messages'
import type { StaffRole } from '../staff-token-store'
import { StaffSignIn } from './staff-sign-in'
import staffStylesheet from '../../../styles/staff.css?url'

interface StaffFrameProps<Who> {
  role: StaffRole
  restaurantId: string
  restaurantName: string
  session: StaffSession<Who>
  /** The language switch (the app layer's), so the sign-in reads in English too (issue 30). */
  languageSwitch?: ReactNode
  /** The area for whoever is signed in. */
  children: (who: Who) => ReactNode
}

/**
 * The frame of the back office and the kitchen display: the area for a signed-in manager or
 * kitchen, the sign-in window in its place otherwise. Signing in draws the same screen.
 */
export function StaffFrame<Who>(props: StaffFrameProps<Who>) {
  return (
    <>
      {/* React holds the screen until the staff's own stylesheet has loaded (decision 0082). */}
      <link rel="stylesheet" href={staffStylesheet} precedence="staff" />
      <StaffArea {...props} />
    </>
  )
}

function StaffArea<Who>({
  role,
  restaurantId,
  restaurantName,
  session,
  languageSwitch,
  children,
}: StaffFrameProps<Who>) {
  const { t } = useMessages(staffMessages)
  const title = role === 'manager' ? t('managerTitle') : t('kitchenTitle')
  switch (session.status) {
    case 'signed-in':
      return children(session.who)
    case 'checking':
      return <PageLoading label={t('checking')} />
    case 'signed-out':
    case 'unreachable':
      return (
        <main className="staff-gate" id="main">
          <title>{`${title} · ${restaurantName}`}</title>
          <div className="staff-gate__card">
            <div className="staff-gate__top">
              <p className="staff-gate__place">{restaurantName}</p>
              {languageSwitch}
            </div>
            <h1 className="staff-gate__title">{title}</h1>
            {session.status === 'unreachable' ? (
              <>
                <p>{t('unreachableText')}</p>
                <button type="button" className={buttonClass('primary')} onClick={session.retry}>
                  {t('retry')}
                </button>
              </>
            ) : (
              <>
                <p className="staff-gate__lead">
                  {role === 'manager' ? t('managerLead') : t('kitchenLead')}
                </p>
                <StaffSignIn role={role} restaurantId={restaurantId} ended={session.ended} />
              </>
            )}
          </div>
        </main>
      )
  }
}
