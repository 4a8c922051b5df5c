import './order-skeleton.css'

/** The shape of an order while it loads, so the screen does not jump when it arrives. */
export function OrderSkeleton({ label }: { label: string }) {
  return (
    <div className="order-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <span className="order-skeleton__chip" />
      <span className="order-skeleton__card order-skeleton__card--tall" />
      <span className="order-skeleton__card" />
    </div>
  )
}
