/**
 * Tag icons (admin-curated SVG markup in the categories and loaders collections) are painted as CSS
 * masks in the text colour: the markup never enters the DOM (no script can run from it) and the icon
 * follows light and dark themes. Pure: builds class names and one stylesheet for a page's tags.
 */

export type TagIconKind = 'category' | 'loader'

/** A class name safe for any tag name: characters outside [a-z0-9] become _<hex>_. */
export function tagIconClass(kind: TagIconKind, name: string): string {
  const safe = name.toLowerCase().replace(/[^a-z0-9]/g, (ch) => `_${ch.codePointAt(0)!.toString(16)}_`)
  return `tag-icon--${kind === 'category' ? 'c' : 'l'}-${safe}`
}

/** Markup that looks like one SVG document, or null (then no icon is shown). */
function svgOf(markup: string | null | undefined): string | null {
  const svg = markup?.trim()
  return svg && /^<svg[\s>]/i.test(svg) && /<\/svg>$/i.test(svg) && svg.length <= 8192 ? svg : null
}

/** One rule per tag with an icon: `.tag-icon--c-magic{--tag-icon:url("data:image/svg+xml,…")}`. */
export function tagIconCss(tags: readonly { kind: TagIconKind; name: string; icon?: string | null }[]): string {
  const rules = new Map<string, string>()
  for (const tag of tags) {
    const svg = svgOf(tag.icon)
    if (!svg) continue
    // encodeURIComponent leaves no quote, bracket or angle bracket: the value cannot leave the url("…").
    rules.set(tagIconClass(tag.kind, tag.name), `url("data:image/svg+xml,${encodeURIComponent(svg)}")`)
  }
  return [...rules].map(([cls, url]) => `.${cls}{--tag-icon:${url}}`).join('\n')
}
