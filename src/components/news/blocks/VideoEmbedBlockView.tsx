import { getTranslations } from 'next-intl/server'

import { YOUTUBE_ID, youtubeEmbedUrl } from '@/lib/video'
import type { VideoEmbedBlock } from '@/payload-types'

/** A YouTube video through the privacy-enhanced host (the only video frame the CSP allows). */
export async function VideoEmbedBlockView({ block }: { block: VideoEmbedBlock }) {
  // The field validates on save; checked again because the id goes into a URL.
  if (!YOUTUBE_ID.test(block.videoId)) return null
  const t = await getTranslations('News')
  return (
    <div className="article-video" data-block="videoEmbed">
      <iframe
        src={youtubeEmbedUrl(block.videoId, block.start)}
        title={block.title || t('videoTitle')}
        loading="lazy"
        allow="encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  )
}
