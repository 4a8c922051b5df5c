import type { ReactNode } from 'react'
import { ComingSoon } from '../components/ui/coming-soon'
import { useRestaurant } from '../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../lib/i18n/use-translation'
import { screenMessages } from './screen-messages'
import './screen.css'

interface ScreenProps {
  title: string
  /** The browser tab's title when the heading alone would repeat the restaurant's name. */
  documentTitle?: string
  lead?: ReactNode
  children?: ReactNode
}

/** A restaurant screen: the document title, the one `<h1>`, then the content. */
export function Screen({ title, documentTitle, lead, children }: ScreenProps) {
  const restaurant = useRestaurant()
  const { t } = useMessages(screenMessages)
  return (
    <div className="screen">
      <title>{t('pageTitle', { page: documentTitle ?? title, place: restaurant.name })}</title>
      <h1 className="screen__title">{title}</h1>
      {lead ? <p className="screen__lead">{lead}</p> : null}
      {children}
    </div>
  )
}

interface ComingSoonScreenProps extends ScreenProps {
  icon: ReactNode
  text: string
  actions?: ReactNode
}

/** A screen whose feature arrives in a later release, described in the restaurant's words. */
export function ComingSoonScreen({
  icon,
  text,
  actions,
  children,
  ...screen
}: ComingSoonScreenProps) {
  const { t } = useMessages(screenMessages)
  return (
    <Screen {...screen}>
      <ComingSoon icon={icon} title={t('comingSoon')} actions={actions}>
        {text}
      </ComingSoon>
      {children}
    </Screen>
  )
}
