import { renderMarkdown } from '@/lib/markdown'

/** Markdown (project bodies, changelogs) through the site's one sanitizer (spec §5). */
export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  return <div className={`markdown-body ${className}`.trim()} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />
}
