import { ClockIcon } from '../../components/ui/screen-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Order history',
    soon: 'Your past orders at this restaurant, so you can repeat one in a tap.',
  },
  ru: {
    title: 'История заказов',
    soon: 'Ваши прошлые заказы в этом ресторане, чтобы повторить любой одним касанием.',
  },
})

export function HistoryRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<ClockIcon />} text={t('soon')} />
}
