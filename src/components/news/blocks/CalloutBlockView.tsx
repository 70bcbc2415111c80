import { getTranslations } from 'next-intl/server'

import type { CalloutBlock } from '@/payload-types'

/** A highlighted note; the tone is named in text too, not only by colour. */
export async function CalloutBlockView({ block }: { block: CalloutBlock }) {
  const t = await getTranslations('News.callout')
  return (
    <aside className={`article-callout article-callout--${block.tone}`} data-block="callout" aria-label={block.title || t(block.tone)}>
      <p className="article-callout__title">{block.title || t(block.tone)}</p>
      <p className="article-callout__text">{block.text}</p>
    </aside>
  )
}
