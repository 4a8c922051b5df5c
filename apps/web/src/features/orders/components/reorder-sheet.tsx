import { useId } from 'react'
import type { ReorderQuote } from '@tableside/contracts/reorder'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'
import { formatPrice } from '../../../lib/format-price'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { reorderCartLines } from '../api/quote-reorder'
import { reorderDifferences } from '../reorder-differences'
import './reorder-sheet.css'

const messages = defineMessages({
  en: {
    title: 'The menu has changed since order {number}',
    intro: 'Check what is different before it goes to the cart.',
    dropped: 'Will not be added',
    changed: 'Added as it is today',
    rest: 'Everything else is as last time.',
    then: 'Dishes then',
    now: 'In the cart now',
    nowCount: '{added} of {all} lines',
    joined: 'The dishes are added to what is already in your cart.',
    nothing: 'Nothing of this order can be ordered today.',
    add: 'Add to cart',
    cancel: 'Cancel',
    close: 'Close',
  },
  ru: {
    title: 'С заказа № {number} меню изменилось',
    intro: 'Проверьте, что изменилось, прежде чем добавить в корзину.',
    dropped: 'Не добавим',
    changed: 'Добавим, как сегодня в меню',
    rest: 'Остальное — как в прошлый раз.',
    then: 'Блюда тогда',
    now: 'В корзину сейчас',
    nowCount: 'позиций: {added} из {all}',
    joined: 'Блюда добавятся к тому, что уже есть в корзине.',
    nothing: 'Из этого заказа сегодня ничего нельзя заказать.',
    add: 'Добавить в корзину',
    cancel: 'Отмена',
    close: 'Закрыть',
  },
})

/** Every difference between a past order and today's menu, and the diner's choice to add the rest. */
export function ReorderSheet({
  quote,
  restaurant,
  cartCount,
  onAdd,
  onCancel,
}: {
  quote: ReorderQuote
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  /** Lines already in the cart: the order's are added to them. */
  cartCount: number
  onAdd: () => void
  onCancel: () => void
}) {
  const { t, language } = useMessages(messages)
  const { dialogProps } = useModalDialog(onCancel)
  const titleId = useId()
  const introId = useId()
  const droppedId = useId()
  const changedId = useId()
  const price = (minor: number) => formatPrice(minor, restaurant)
  const differences = reorderDifferences(quote, language, price)
  const dropped = differences.filter((difference) => !difference.added)
  const changed = differences.filter((difference) => difference.added)
  const added = reorderCartLines(quote).length
  const untouched = quote.lines.some((line) => line.changes.length === 0)

  return (
    <dialog
      {...dialogProps}
      className="reorder-sheet"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <h2 id={titleId} className="reorder-sheet__title">
        {t('title', { number: quote.orderNumber })}
      </h2>
      <p id={introId} className="reorder-sheet__intro">
        {t('intro')}
      </p>
      {dropped.length > 0 ? (
        <section className="reorder-sheet__group" data-kind="dropped" aria-labelledby={droppedId}>
          <h3 id={droppedId} className="reorder-sheet__heading">
            {t('dropped')}
          </h3>
          <ul className="reorder-sheet__list">
            {dropped.map(({ text }, index) => (
              <li key={`${text}-${String(index)}`}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {changed.length > 0 ? (
        <section className="reorder-sheet__group" data-kind="changed" aria-labelledby={changedId}>
          <h3 id={changedId} className="reorder-sheet__heading">
            {t('changed')}
          </h3>
          <ul className="reorder-sheet__list">
            {changed.map(({ text }, index) => (
              <li key={`${text}-${String(index)}`}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {untouched ? <p className="reorder-sheet__rest">{t('rest')}</p> : null}
      <dl className="reorder-sheet__totals">
        <div>
          <dt>{t('then')}</dt>
          <dd>{price(quote.was.subtotal)}</dd>
        </div>
        <div>
          <dt>
            {t('now')}
            <span className="reorder-sheet__count">
              {t('nowCount', { added, all: quote.lines.length })}
            </span>
          </dt>
          <dd>{price(quote.now.subtotal)}</dd>
        </div>
      </dl>
      {added === 0 ? (
        <p className="reorder-sheet__note">{t('nothing')}</p>
      ) : cartCount > 0 ? (
        <p className="reorder-sheet__note">{t('joined')}</p>
      ) : null}
      <div className="reorder-sheet__actions">
        {added > 0 ? (
          <button type="button" className={buttonClass('primary', { block: true })} onClick={onAdd}>
            {t('add')}
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          onClick={onCancel}
          autoFocus={added === 0}
        >
          {t(added === 0 ? 'close' : 'cancel')}
        </button>
      </div>
    </dialog>
  )
}
