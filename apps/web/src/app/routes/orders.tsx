import { OrdersIcon } from '../../components/ui/icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'My orders',
    soon: 'Every order from your table in one place, with what is in it and how it is going.',
  },
  ru: {
    title: 'Мои заказы',
    soon: 'Все заказы вашего стола в одном месте: что в них и как они готовятся.',
  },
})

export function OrdersRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<OrdersIcon />} text={t('soon')} />
}
