import type { LivePreviewConfig } from 'payload'

import { actorOf, isNewsEditor } from '../../access/core/roles'
import { env } from '../../lib/env'
import { servedOrigin } from '../../lib/http/servedOrigin'
import { dateKeyOf } from '../../lib/news/changelogDates'
import { changelogEntryPreviewPath } from '../../lib/news/paths'
import { isProduct } from '../../lib/news/products'

/**
 * The admin panel's live preview of a changelog entry: its public page in preview mode (the latest
 * draft, found by id, shown to news editors only; it reloads when the editor saves), on the address
 * the editor is using. None for anyone who is not an editor, or before the entry is first saved.
 */
export const changelogLivePreview: LivePreviewConfig = {
  url: ({ data, req }) => {
    if (!isNewsEditor(actorOf(req))) return null
    const { id, product, date } = (data ?? {}) as { id?: unknown; product?: unknown; date?: unknown }
    if (typeof id !== 'string' || !id || typeof product !== 'string' || !isProduct(product) || typeof date !== 'string' || Number.isNaN(Date.parse(date))) return null
    const origin = servedOrigin(req.headers) ?? env.siteUrl()
    return `${origin}${changelogEntryPreviewPath(product, dateKeyOf(date), id)}`
  },
}
