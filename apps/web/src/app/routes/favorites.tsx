import { HeartIcon } from '../../components/ui/screen-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Favourites',
    soon: 'Dishes you love, saved so you can find them and order them again quickly.',
  },
  ru: {
    title: 'Избранное',
    soon: 'Любимые блюда, чтобы быстро найти их и заказать снова.',
  },
})

export function FavoritesRoute() {
  const { t } = useMessages(messages)
  return <ComingSoonScreen title={t('title')} icon={<HeartIcon />} text={t('soon')} />
}
