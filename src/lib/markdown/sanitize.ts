import { sanitizeAttribute, type AttributeContext } from './attributes'
import { safeLink } from './urls'
import { TagBalancer } from './tagBalancer'
import { MARKDOWN_WHITELIST, MAX_NESTING } from './whitelist'
import { FilterXSS, parseAttr } from './xssRuntime'

/** js-xss wants mutable arrays; the source of truth stays the readonly MARKDOWN_WHITELIST. */
const XSS_WHITELIST: Record<string, string[]> = Object.fromEntries(
  Object.entries(MARKDOWN_WHITELIST).map(([tag, attributes]) => [tag, [...attributes]]),
)

/**
 * Sanitizes rendered HTML with js-xss: whitelisted tags keep their checked attributes, other tags are escaped
 * (so `List<String>` in prose still reads as written), comments are removed.
 */
export function sanitizeHtml(html: string, context: AttributeContext): string {
  // Per call: the balancer tracks this document's open elements.
  const balancer = new TagBalancer(MAX_NESTING)
  const filter = new FilterXSS({
    whiteList: XSS_WHITELIST,
    // Styles are filtered by filterStyle, not by js-xss's bundled cssfilter.
    css: false,
    onTag(tag, tagHtml, info) {
      if (!info.isWhite) return undefined
      // Iframes are written whole (see iframeTag), so their closing tags are never needed.
      if (tag === 'iframe') return info.isClosing ? '' : iframeTag(tagHtml, context)
      if (info.isClosing) return balancer.leave(tag)
      // With the reader's new-tab preference, a link's target depends on its href: written whole.
      if (tag === 'a' && context.externalLinksNewTab !== undefined) return balancer.enter(tag) ? anchorTag(tagHtml, context) : ''
      // undefined lets js-xss write the tag with the attributes onTagAttr allows.
      return balancer.enter(tag) ? undefined : ''
    },
    onTagAttr: (tag, name, value) => sanitizeAttribute(tag, name, value, context) ?? '',
  })
  return filter.process(html) + balancer.finish()
}

/**
 * An iframe survives only with an allowed embed source (spec §5); otherwise the element is removed, not left
 * as an empty frame. It is closed at once: an unclosed iframe would swallow the rest of the page as its content.
 */
function iframeTag(tagHtml: string, context: AttributeContext): string {
  const attributes = tagHtml.replace(/^<[^\s/>]+/, '').replace(/\/?>$/, '')
  let hasEmbedSrc = false
  const written = parseAttr(attributes, (name, value) => {
    const attribute = sanitizeAttribute('iframe', name, value, context)
    if (name === 'src' && attribute !== null) hasEmbedSrc = true
    return attribute ?? ''
  })
  return hasEmbedSrc ? `<iframe ${written}></iframe>` : ''
}

/**
 * A link under the reader's `externalLinksNewTab` preference: an external link opens in a new tab when
 * the preference is on and in the same tab when it is off, whatever target its author gave; a link to the
 * site itself keeps the author's (already sanitized) target.
 */
function anchorTag(tagHtml: string, context: AttributeContext): string {
  const attributes = tagHtml.replace(/^<[^\s/>]+/, '').replace(/\/?>$/, '')
  let external = false
  let authorTarget = ''
  const written = parseAttr(attributes, (name, value) => {
    const attribute = sanitizeAttribute('a', name, value, context)
    if (attribute === null) return ''
    if (name === 'target') {
      authorTarget = attribute
      return ''
    }
    if (name === 'href') external = safeLink(value, context.siteHost, context.siteOrigin)?.external ?? false
    return attribute
  })
  const target = external ? (context.externalLinksNewTab ? 'target="_blank"' : '') : authorTarget
  return `<a${[written, target].filter(Boolean).map((part) => ` ${part}`).join('')}>`
}
