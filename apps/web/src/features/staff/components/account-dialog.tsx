import type { AdminMe } from '@tableside/contracts/staff'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { useMessages } from '../../../lib/i18n/use-translation'
import { accountMessages } from '../account-messages'
import { PasswordSection } from './password-section'
import { SessionsSection } from './sessions-section'
import { TotpSection } from './totp-section'

interface AccountDialogProps {
  manager: AdminMe
  /** The restaurant's time zone, in which sign-ins' times are shown. */
  timeZone: string
  onClose: () => void
}

/**
 * The signed-in manager's own account: who they are, their password, the second step at sign-in
 * (TOTP), and where they are signed in (issue 27). Each change that matters asks for the
 * password again and signs the other devices out.
 */
export function AccountDialog({ manager, timeZone, onClose }: AccountDialogProps) {
  const { t } = useMessages(accountMessages)
  return (
    <AdminDialog title={t('title')} closeLabel={t('close')} onClose={onClose}>
      <dl className="account__who">
        <dt>{t('name')}</dt>
        <dd>{manager.name}</dd>
        <dt>{t('login')}</dt>
        <dd>{manager.login}</dd>
      </dl>
      <PasswordSection manager={manager} />
      <TotpSection manager={manager} />
      <SessionsSection timeZone={timeZone} />
    </AdminDialog>
  )
}
