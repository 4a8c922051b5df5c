import { CardIcon } from '../../components/ui/screen-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Payment',
    soon: 'Online payment by card or SBP opens here.',
  },
  ru: {
    title: 'Оплата',
    soon: 'Здесь откроется онлайн-оплата картой или через СБП.',
  },
})

/** Reached only through the `is-online-payment` guard. */
export function OrderPayRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<CardIcon />} text={t('soon')} />
}
