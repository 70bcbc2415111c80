import { renderMarkdown } from '@/lib/markdown'
import { readCosmetic } from '@/lib/cosmetics/server'

/**
 * Markdown (project bodies, changelogs) through the site's one sanitizer (spec §5). External links
 * follow the reader's `externalLinksNewTab` cookie (spec §3), read here so every use gets it.
 */
export async function Markdown({ source, className = '' }: { source: string; className?: string }) {
  const externalLinksNewTab = await readCosmetic('externalLinksNewTab')
  return <div className={`markdown-body ${className}`.trim()} dangerouslySetInnerHTML={{ __html: renderMarkdown(source, { externalLinksNewTab }) }} />
}
