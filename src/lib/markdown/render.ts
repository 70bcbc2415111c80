import { env } from '../env'
import { createMarkdownParser } from './parser'
import { sanitizeHtml } from './sanitize'
import { normalizeHost } from './urls'

export interface RenderMarkdownOptions {
  /** The site's own host: links to it get no `rel`, media from it is not proxied. Defaults to SITE_URL's host, else "localhost". */
  siteHost?: string
  /**
   * The site's own origin: absolute links and media on it are written site-relative, so a page shows
   * them on whatever host name it was reached by. Defaults to SITE_URL's origin; null keeps them as
   * written (feeds, which are read off the site).
   */
  siteOrigin?: string | null
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

function originOf(url: string | null): string | null {
  if (url === null) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Markdown (with HTML) to sanitized HTML, following spec §5. The one renderer for project bodies,
 * version changelogs and reports; the result is safe to insert as HTML.
 */
export function renderMarkdown(source: string, options: RenderMarkdownOptions = {}): string {
  const siteHost = normalizeHost(options.siteHost ?? defaultSiteHost())
  const siteOrigin = originOf(options.siteOrigin === undefined ? env.siteUrl() : options.siteOrigin)
  return sanitizeHtml(parser.render(source), { siteHost, siteOrigin, externalLinksNewTab: options.externalLinksNewTab })
}
