import { BillIcon } from '../../components/ui/icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Bill',
    soon: 'See the bill for your table, split it with friends, add a tip and pay from your phone.',
  },
  ru: {
    title: 'Счёт',
    soon: 'Счёт вашего стола: разделите его с друзьями, добавьте чаевые и оплатите с телефона.',
  },
})

export function BillRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<BillIcon />} text={t('soon')} />
}
