import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { panelModes, type OrderPanelState } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'

/** What the manager does to the order (refund dishes or an amount, comp, cancel), with a reason. */
export function OrderActionForm({
  panel,
  tipLeft,
}: {
  panel: OrderPanelState
  /** Whether a tip is still unrefunded: cancelling then asks whether to refund it too. */
  tipLeft: boolean
}) {
  const { t } = useMessages(orderPanelMessages)
  const { mode, problem, busy } = panel
  return (
    <form className="order-panel__form" noValidate onSubmit={panel.submit}>
      <h3 className="order-panel__heading">{t('act')}</h3>
      <fieldset className="order-panel__modes">
        <legend>{t('mode')}</legend>
        {panelModes.map((each) => (
          <label key={each}>
            <input
              type="radio"
              name="mode"
              checked={mode === each}
              onChange={() => panel.setMode(each)}
            />{' '}
            {t(`mode_${each}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'amount' ? (
        <label className="order-panel__field">
          {t('amount')}
          <input
            inputMode="decimal"
            value={panel.amount}
            onChange={(event) => panel.setAmount(event.target.value)}
          />
        </label>
      ) : null}
      {mode === 'cancel' && tipLeft ? (
        <label>
          <input
            type="checkbox"
            checked={panel.refundTipToo}
            onChange={(event) => panel.setRefundTipToo(event.target.checked)}
          />{' '}
          {t('refundTipToo')}
        </label>
      ) : null}
      <label className="order-panel__field">
        {t('reason')}
        <input
          value={panel.reason}
          maxLength={500}
          onChange={(event) => panel.setReason(event.target.value)}
        />
      </label>
      {problem ? (
        <p className="order-panel__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={buttonClass('primary')} aria-disabled={busy}>
        {busy ? t('working') : t('submit')}
      </button>
    </form>
  )
}
