import { CardIcon } from '../../components/ui/screen-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Checkout',
    soon: 'Place your order here: to your table, for delivery, for pickup or for a time you choose, and pay in cash, by card or by SBP.',
  },
  ru: {
    title: 'Оформление заказа',
    soon: 'Здесь вы оформите заказ: за стол, с доставкой, самовывозом или к выбранному времени, и оплатите наличными, картой или через СБП.',
  },
})

/** `/order`: placing a new order. */
export function CheckoutRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<CardIcon />} text={t('soon')} />
}
