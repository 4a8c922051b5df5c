/** A field's label with its hint at the end of the same line; the input names `hintId`. */
export function LabelRow({
  htmlFor,
  label,
  labelClassName,
  hintId,
  hint,
}: {
  htmlFor: string
  label: string
  labelClassName: string
  hintId: string
  hint: string
}) {
  return (
    <div className="label-row">
      <label className={labelClassName} htmlFor={htmlFor}>
        {label}
      </label>
      <span className="label-row__hint" id={hintId}>
        {hint}
      </span>
    </div>
  )
}
