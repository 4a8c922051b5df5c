import type { ReactNode } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { garconMessages } from '../garcon-messages'
import { eraseDigit, typeDigit } from '../pin-entry'
import { BackspaceIcon } from './garcon-icons'

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

interface PinPadProps {
  pin: string
  onPin: (pin: string) => void
  /** The key in the bottom right corner: the form's submit button. */
  submit: ReactNode
}

/** Digits as large keys a thumb reaches, erase on the left of 0, sign in on its right. */
export function PinPad({ pin, onPin, submit }: PinPadProps) {
  const { t } = useMessages(garconMessages)
  return (
    <div className="pin-pad">
      {DIGITS.map((digit) => (
        <button
          key={digit}
          type="button"
          className="pin-pad__key"
          onClick={() => onPin(typeDigit(pin, digit))}
        >
          {digit}
        </button>
      ))}
      <button
        type="button"
        className="pin-pad__key pin-pad__key--erase"
        aria-label={t('erase')}
        onClick={() => onPin(eraseDigit(pin))}
      >
        <BackspaceIcon size={28} />
      </button>
      <button type="button" className="pin-pad__key" onClick={() => onPin(typeDigit(pin, '0'))}>
        0
      </button>
      {submit}
    </div>
  )
}
