import { MenuIcon } from '../../components/ui/icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Menu',
    soon: 'The menu will be here: categories, dishes with photos and prices, the chef’s picks as stories, and adding a dish to your cart in one tap.',
  },
  ru: {
    title: 'Меню',
    soon: 'Здесь будет меню: категории, блюда с фотографиями и ценами, подборки шефа в историях и добавление блюда в корзину одним касанием.',
  },
})

export function MenuRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<MenuIcon />} text={t('soon')} />
}
