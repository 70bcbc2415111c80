/** Readable-text measures of a markdown description, for the publishing checklist. */

const CODE = /```[\s\S]*?```|`[^`]*`/g

/** Characters a reader sees: markdown syntax, code, images, link targets and HTML tags left out. */
export function readableLength(markdown: string | null | undefined): number {
  if (!markdown) return 0
  return markdown
    .replace(CODE, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^#{1,6}\s+/gm, ' ')
    .replace(/[*_~`>|-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim().length
}

export const MAX_HEADER_LENGTH = 80

/** Headers (h1–h3) that read as sentences: too long, or more than one sentence. */
export function longHeaders(markdown: string | null | undefined): string[] {
  if (!markdown) return []
  const text = markdown.replace(CODE, '')
  return [...text.matchAll(/^#{1,3}\s+(.+)$/gm)]
    .map((m) => m[1].trim())
    .filter((h) => h.length > MAX_HEADER_LENGTH || h.split(/[.!?]+/).filter((s) => s.trim()).length > 1)
}

export const MIN_CHARS_PER_IMAGE = 60

/** Images in the description: how many, and whether any lacks alt text. */
export function descriptionImages(markdown: string | null | undefined): { count: number; missingAlt: boolean } {
  if (!markdown) return { count: 0, missingAlt: false }
  const text = markdown.replace(CODE, '')
  const md = [...text.matchAll(/!\[([^\]]*)\]\([^)]*\)/g)]
  const html = [...text.matchAll(/<img\b[^>]*>/gi)]
  const missingAlt = md.some((m) => !m[1].trim()) || html.some((m) => !/\balt\s*=\s*["'][^"']*\S[^"']*["']/i.test(m[0]))
  return { count: md.length + html.length, missingAlt }
}

/** A summary is shown as plain text: formatting, links and line breaks do not belong in it. */
export function summaryHasFormatting(summary: string): boolean {
  return [/https?:\/\//, /^#{1,6} /m, /---/, /\n/, /\[[^\]]*\]\([^)]*\)/, /!\[/, /`/, /\*[^*]+\*/, /(^|\s)_[^_]+_(\s|$)/, /~~/, /(^|\n)> /].some((re) => re.test(summary))
}
