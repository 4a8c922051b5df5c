import { useId } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'
import './age-gate.css'

const messages = defineMessages({
  en: {
    title: 'Are you 18 or over?',
    text: '{name} is for guests aged 18 and over. The waiter may ask for ID.',
    confirm: 'Yes, I am 18 or over',
    decline: 'No, back to the menu',
  },
  ru: {
    title: 'Вам уже есть 18 лет?',
    text: '«{name}» — только для гостей старше 18 лет. Официант может попросить документ.',
    confirm: 'Да, мне есть 18',
    decline: 'Нет, вернуться в меню',
  },
})

interface AgeGateProps {
  dishName: string
  onConfirm: () => void
  onDecline: () => void
}

/** The age-18 window before an 18+ dish is shown or added; declining keeps the diner on the menu. */
export default function AgeGate({ dishName, onConfirm, onDecline }: AgeGateProps) {
  const { t } = useMessages(messages)
  const { ref, onBackdropClick } = useModalDialog(onDecline, { focusDialog: true })
  const titleId = useId()
  const textId = useId()
  return (
    <dialog
      ref={ref}
      tabIndex={-1}
      className="age-gate"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClick={onBackdropClick}
    >
      <div className="age-gate__content">
        <p className="age-gate__badge" aria-hidden="true">
          18+
        </p>
        <h2 id={titleId}>{t('title')}</h2>
        <p id={textId} className="age-gate__text">
          {t('text', { name: dishName })}
        </p>
        <div className="age-gate__actions">
          <button
            type="button"
            className={buttonClass('primary', { block: true })}
            onClick={onConfirm}
          >
            {t('confirm')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', { block: true })}
            onClick={onDecline}
          >
            {t('decline')}
          </button>
        </div>
      </div>
    </dialog>
  )
}
