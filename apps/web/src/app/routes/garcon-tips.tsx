import { TipsIcon } from '../../features/garcon/components/garcon-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'
import { GarconFrame } from './garcon-frame'

const messages = defineMessages({
  en: {
    title: 'Tips',
    soon: 'Tips from your guests with their ratings and comments, per shift and in total.',
  },
  ru: {
    title: 'Чаевые',
    soon: 'Чаевые от гостей с оценками и отзывами, за смену и за всё время.',
  },
})

export function GarconTipsRoute() {
  const { t } = useMessages(messages)
  return (
    <GarconFrame>
      <ComingSoonScreen title={t('title')} icon={<TipsIcon />} text={t('soon')} />
    </GarconFrame>
  )
}
