import { env } from '../env'
import { createMarkdownParser } from './parser'
import { sanitizeHtml } from './sanitize'
import { normalizeHost } from './urls'

export interface RenderMarkdownOptions {
  /** The site's own host: links to it get no `rel`, media from it is not proxied. Defaults to SITE_URL's host, else "localhost". */
  siteHost?: string
  /** The reader's `externalLinksNewTab` cookie: whether external links open in a new tab (see AttributeContext). */
  externalLinksNewTab?: boolean
}

// markdown-it keeps no state between renders, so one parser serves every call.
const parser = createMarkdownParser()

function defaultSiteHost(): string {
  try {
    return new URL(env.siteUrl()).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}

/**
 * Markdown (with HTML) to sanitized HTML, following spec §5. The one renderer for project bodies,
 * version changelogs and reports; the result is safe to insert as HTML.
 */
export function renderMarkdown(source: string, options: RenderMarkdownOptions = {}): string {
  const siteHost = normalizeHost(options.siteHost ?? defaultSiteHost())
  return sanitizeHtml(parser.render(source), { siteHost, externalLinksNewTab: options.externalLinksNewTab })
}
