import { KeyIcon } from '../../components/ui/screen-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Sign in',
    soon: 'Sign in with a one-time code sent to your phone; no password needed.',
  },
  ru: {
    title: 'Вход',
    soon: 'Вход по одноразовому коду из СМС, без пароля.',
  },
})

export function ClientAuthRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<KeyIcon />} text={t('soon')} />
}
