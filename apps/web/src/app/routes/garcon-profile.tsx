import { UserIcon } from '../../components/ui/icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Waiter profile',
    soon: 'Sign in with your login and PIN, see your shift and sign out.',
  },
  ru: {
    title: 'Профиль официанта',
    soon: 'Вход по логину и PIN-коду, ваша смена и выход.',
  },
})

export function GarconProfileRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<UserIcon />} text={t('soon')} />
}
