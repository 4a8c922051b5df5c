import { photoSources } from '@tableside/contracts/photo-sources'
import type { ImgHTMLAttributes } from 'react'
import './menu-photo.css'

type MenuPhotoProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string
  /** How wide the picture is drawn, for the browser's pick among the sizes (`sizes`). */
  sizes: string
}

/**
 * A menu picture: an uploaded photo comes as AVIF or WebP in the width the screen needs
 * (decision 0065); any other picture (the demo's SVGs, a restaurant's https host) as it is.
 */
export function MenuPhoto({ src, sizes, alt, ...rest }: MenuPhotoProps) {
  const sources = photoSources(src)
  if (!sources) return <img src={src} alt={alt} {...rest} />
  return (
    <picture className="menu-photo">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <img src={src} srcSet={sources.webp} sizes={sizes} alt={alt} {...rest} />
    </picture>
  )
}
