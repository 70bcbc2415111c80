import { imageUrl } from '@/lib/data/profile-pages'
import type { ImageBlock } from '@/payload-types'

/** An uploaded image with its caption. The upload is filled in by the article read (depth 1). */
export function ImageBlockView({ block }: { block: ImageBlock }) {
  const image = typeof block.image === 'object' ? block.image : null
  const src = imageUrl(image, 'full')
  if (!image || !src) return null
  return (
    <figure className="article-figure" data-block="image">
      <img src={src} alt={image.alt ?? block.caption ?? ''} width={image.width ?? undefined} height={image.height ?? undefined} loading="lazy" />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  )
}
