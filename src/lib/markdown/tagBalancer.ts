import { VOID_TAGS } from './whitelist'

/**
 * Keeps the sanitized HTML well nested and shallow. Rendered pages are streamed into the document (SSR), so a
 * stray `</div>` in a project body would close the page's own layout; and thousands of nested elements would
 * cost the browser for nothing. So: closing tags that match nothing open are dropped, a closing tag closes
 * whatever was left open inside it, everything still open is closed at the end, and elements nested deeper
 * than the limit are unwrapped (tags dropped, content kept).
 */
export class TagBalancer {
  private readonly open: string[] = []
  /** Unwrapped elements per tag, so their closing tags are dropped too instead of closing an outer element. */
  private readonly unwrapped = new Map<string, number>()

  constructor(private readonly maxDepth: number) {}

  /** Records an opening tag; false when it would nest too deep and must be left out. */
  enter(tag: string): boolean {
    if (VOID_TAGS.has(tag)) return true
    if (this.open.length >= this.maxDepth) {
      this.unwrapped.set(tag, (this.unwrapped.get(tag) ?? 0) + 1)
      return false
    }
    this.open.push(tag)
    return true
  }

  /** The markup for a closing tag: it and everything left open inside it, or nothing when it matches nothing. */
  leave(tag: string): string {
    if (VOID_TAGS.has(tag)) return ''
    const unwrapped = this.unwrapped.get(tag) ?? 0
    if (unwrapped > 0) {
      this.unwrapped.set(tag, unwrapped - 1)
      return ''
    }
    const index = this.open.lastIndexOf(tag)
    if (index === -1) return ''
    return closingTags(this.open.splice(index))
  }

  /** Closing tags for everything still open, innermost first. */
  finish(): string {
    return closingTags(this.open.splice(0))
  }
}

const closingTags = (tags: string[]): string =>
  tags
    .reverse()
    .map((tag) => `</${tag}>`)
    .join('')
