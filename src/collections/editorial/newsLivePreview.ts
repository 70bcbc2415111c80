import type { LivePreviewConfig } from 'payload'

import { actorOf, isNewsEditor } from '../../access/core/roles'
import { env } from '../../lib/env'
import { servedOrigin } from '../../lib/http/servedOrigin'
import { newsArticlePreviewPath } from '../../lib/news/paths'

/**
 * The admin panel's live preview of an article: its public page in preview mode, which shows the
 * latest draft to news editors (and only to them) and reloads when the editor saves. The URL is on
 * the address the editor is using (the admin posts its messages to that origin); none for
 * anyone who is not an editor, or before the article has a slug.
 */
export const newsLivePreview: LivePreviewConfig = {
  url: ({ data, req }) => {
    if (!isNewsEditor(actorOf(req)) || typeof data?.slug !== 'string' || !data.slug) return null
    const origin = servedOrigin(req.headers) ?? env.siteUrl()
    return `${origin}${newsArticlePreviewPath(data.slug)}`
  },
}
