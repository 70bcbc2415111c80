/**
 * Notification titles mark names in bold the way Modrinth's do (`**Sodium** has been approved`). Only
 * that is read — never HTML or links — so a project's name cannot inject anything into the page.
 */
export type InlinePart = { text: string; bold: boolean }

export function inlineBold(source: string): InlinePart[] {
  const parts: InlinePart[] = []
  const pieces = source.split('**')
  // An unmatched `**` stays literal: only pairs make bold.
  const paired = pieces.length % 2 === 1
  pieces.forEach((text, i) => {
    const bold = paired && i % 2 === 1
    const last = parts[parts.length - 1]
    if (!paired && i > 0) {
      if (last) last.text += `**${text}`
      else parts.push({ text: `**${text}`, bold: false })
      return
    }
    if (text) parts.push({ text, bold })
  })
  return parts
}

/** The title as plain text (for labels and feeds). */
export const plainTitle = (source: string): string => inlineBold(source).map((p) => p.text).join('')
