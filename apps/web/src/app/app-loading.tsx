import { PageLoading } from '../components/ui/page-loading'
import { useMessages } from '../lib/i18n/use-translation'
import { appMessages } from './app-messages'

/** The route `HydrateFallback`: the first screen's code and data are on their way. */
export function AppLoading() {
  const { t } = useMessages(appMessages)
  return <PageLoading label={t('loading')} />
}
