import { safeEmbedSrc } from './embeds'
import { filterClasses, filterStyle } from './styles'
import { EXTERNAL_LINK_REL, escapeAttribute, safeLink, safeMediaSrc, safeSrcset } from './urls'
import { MARKDOWN_WHITELIST, type WhitelistedTag } from './whitelist'
import { escapeAttrValue, friendlyAttrValue } from './xssRuntime'

export interface AttributeContext {
  /** The site's own host name: links to it stay without `rel`, media from it is used directly. */
  siteHost: string
  /** The site's own origin (`https://host:port`): absolute URLs on it are written site-relative. Null or left out: as written. */
  siteOrigin?: string | null
  /**
   * The reader's `externalLinksNewTab` preference (spec §3). When given, it decides how external links
   * open: `true` adds `target="_blank"`, `false` opens them in the same tab; either way a `target`
   * written by the author of an external link is dropped. Left out, the author's `target` is kept.
   */
  externalLinksNewTab?: boolean
}

/** Written as bare names; any value given is irrelevant. */
const BOOLEAN_ATTRIBUTES: ReadonlySet<string> = new Set(['controls', 'allowfullscreen', 'open'])
/** Attributes whose values must be plain numbers, or sizes (pixels or percent); anything else is dropped. */
const INTEGER_ATTRIBUTES: ReadonlySet<string> = new Set(['start', 'colspan', 'rowspan', 'frameborder'])
const SIZE_ATTRIBUTES: ReadonlySet<string> = new Set(['width', 'height'])
const INTEGER = /^-?\d{1,9}$/
const SIZE = /^\d{1,5}(\.\d+)?(%|px)?$/
const ALIGN = /^(left|center|right|justify|top|middle|bottom)$/
/** `_blank` opens a new tab; named targets could aim at other windows, so only these two keywords pass. */
const TARGET = /^(_blank|_self)$/

export const isWhitelistedAttribute = (tag: string, name: string): boolean =>
  Object.hasOwn(MARKDOWN_WHITELIST, tag) && (MARKDOWN_WHITELIST[tag as WhitelistedTag] as readonly string[]).includes(name)

/**
 * The attribute as it may be written (`name="value"`, or a bare name), or null to drop it.
 * `raw` is the value as it appeared in the HTML, character references not yet decoded.
 * An external `href` is written together with its `rel`, which is derived from it and never taken from the input.
 */
export function sanitizeAttribute(tag: string, name: string, raw: string, context: AttributeContext): string | null {
  if (!isWhitelistedAttribute(tag, name)) return null
  if (BOOLEAN_ATTRIBUTES.has(name)) return name
  const text = friendlyAttrValue(raw)
  switch (name) {
    case 'href': {
      const link = safeLink(raw, context.siteHost, context.siteOrigin)
      if (!link) return null
      return `href="${escapeAttribute(link.href)}"${link.external ? ` rel="${EXTERNAL_LINK_REL}"` : ''}`
    }
    case 'src': {
      const src = tag === 'iframe' ? safeEmbedSrc(raw) : safeMediaSrc(raw, context.siteHost, context.siteOrigin)
      return src === null ? null : `src="${escapeAttribute(src)}"`
    }
    case 'srcset': {
      const srcset = safeSrcset(raw, context.siteHost, context.siteOrigin)
      return srcset === null ? null : `srcset="${escapeAttribute(srcset)}"`
    }
    case 'style': {
      const style = filterStyle(text)
      return style ? `style="${style}"` : null
    }
    case 'class': {
      const classes = filterClasses(text)
      return classes ? `class="${escapeAttribute(classes)}"` : null
    }
    case 'target':
      return TARGET.test(text) ? `target="${text}"` : null
    case 'align': {
      const align = text.toLowerCase()
      return ALIGN.test(align) ? `align="${align}"` : null
    }
  }
  if (INTEGER_ATTRIBUTES.has(name)) return INTEGER.test(text) ? `${name}="${text}"` : null
  if (SIZE_ATTRIBUTES.has(name)) return SIZE.test(text) ? `${name}="${text}"` : null
  // Free text (alt, title, media, sizes, type): escaped so it cannot leave its quotes.
  return `${name}="${escapeAttrValue(text)}"`
}
