import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { staffMessages } from '../admin-staff-messages'

/** What to tell the manager when the server refused a change to someone, or was not reached. */
export function useRefusal(): (error: Error) => string {
  const { t } = useMessages(staffMessages)
  const reason = useStaffErrorText()
  return (error) => {
    if (!isApiError(error) || error.status === 0) return t('offline')
    if (error.code === 'cannot_deactivate_self') return t('selfDeactivate')
    if (error.code === 'last_active_manager') return t('lastManager')
    if (error.code === 'cannot_reset_self') return t('selfReset')
    // Its message is the server's English (zod's, for a field): the screen says it in words.
    if (error.code === 'validation_failed') return t('valueRefused')
    return t('failed', { message: reason(error) })
  }
}
