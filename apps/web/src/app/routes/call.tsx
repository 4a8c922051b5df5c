import { BellIcon } from '../../components/ui/icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Call the waiter',
    soon: 'Call your waiter to the table, ask for the bill or for anything else; the waiter gets it on their phone at once.',
  },
  ru: {
    title: 'Вызов официанта',
    soon: 'Позовите официанта к столу, попросите счёт или что-то ещё: официант сразу получит вызов на телефон.',
  },
})

export function CallRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<BellIcon />} text={t('soon')} />
}
