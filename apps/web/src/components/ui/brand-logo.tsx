import { LogoMark } from './icons'
import './brand-logo.css'

export function BrandLogo() {
  return (
    <span className="brand-logo">
      <LogoMark size={22} />
    </span>
  )
}
