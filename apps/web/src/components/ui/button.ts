import './button.css'

export type ButtonVariant = 'primary' | 'secondary'

/** Button look for `<button>`, `<a>` and router links alike. */
export function buttonClass(variant: ButtonVariant = 'primary', { block = false } = {}): string {
  return `btn btn--${variant}${block ? ' btn--block' : ''}`
}
