import { CartIcon } from '../../components/ui/icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Cart',
    soon: 'Your cart will collect the dishes you choose, with add-ons and notes for the kitchen, and show the total before you order.',
  },
  ru: {
    title: 'Корзина',
    soon: 'В корзине соберутся выбранные блюда с добавками и пожеланиями для кухни, а перед заказом будет видна сумма.',
  },
})

export function CartRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<CartIcon />} text={t('soon')} />
}
