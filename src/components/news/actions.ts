'use server'

import { actorOf, isNewsEditor } from '@/access/core/roles'
import { readCosmetic } from '@/lib/cosmetics/server'
import { currentViewer } from '@/lib/data/currentViewer'
import { renderMarkdown } from '@/lib/markdown'

/** The longest Markdown the live preview renders (a changelog entry is a few paragraphs). */
const PREVIEW_MARKDOWN_MAX = 100_000

/**
 * The admin's live preview of a changelog entry, as the editor types: the body rendered by the
 * site's one Markdown sanitizer, as its public page renders it (Markdown in src/components/project).
 * News editors only (the preview is theirs); anyone else gets null.
 */
export async function previewMarkdownAction(source: unknown): Promise<string | null> {
  if (typeof source !== 'string' || source.length > PREVIEW_MARKDOWN_MAX) return null
  if (!isNewsEditor(actorOf((await currentViewer()).req))) return null
  return renderMarkdown(source, {
    externalLinksNewTab: await readCosmetic('externalLinksNewTab'),
  })
}
