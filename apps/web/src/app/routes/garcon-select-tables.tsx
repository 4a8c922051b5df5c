import { ListCheckIcon } from '../../components/ui/screen-icons'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'
import { GarconFrame } from './garcon-frame'

const messages = defineMessages({
  en: {
    title: 'Choose your tables',
    soon: 'Pick the tables you serve this shift so their calls and orders come to you.',
  },
  ru: {
    title: 'Выбор столов',
    soon: 'Отметьте столы, которые обслуживаете в эту смену, чтобы их вызовы и заказы приходили вам.',
  },
})

export function GarconSelectTablesRoute() {
  const { t } = useMessages(messages)
  return (
    <GarconFrame>
      <ComingSoonScreen title={t('title')} icon={<ListCheckIcon />} text={t('soon')} />
    </GarconFrame>
  )
}
