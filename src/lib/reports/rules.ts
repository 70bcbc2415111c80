/**
 * The report form's rules (spec §2 report form, §5): every field required; the item given by id or by
 * its page's address; the body bounded. Pure; the write is src/lib/reports/service.ts.
 */
import { z } from 'zod'

import { PROJECT_ROUTE_SEGMENTS } from '../projectTypes'

export const REPORT_ITEM_TYPES = ['project', 'version', 'user'] as const
export type ReportItemType = (typeof REPORT_ITEM_TYPES)[number]
export const REPORT_BODY_MAX = 65536
/** A reporter cannot flood: at most this many reports in REPORT_WINDOW_MINUTES. */
export const REPORTS_PER_WINDOW = 10
export const REPORT_WINDOW_MINUTES = 60


/**
 * The id or slug of the item an address names (`https://site/mod/sodium`, `/user/jade`,
 * `/mod/sodium/version/abc`), or the text itself when it is not an address of ours.
 */
export function itemKeyFrom(type: ReportItemType, input: string): string {
  const text = input.trim()
  let path = text
  if (/^https?:\/\//i.test(text)) {
    try {
      path = new URL(text).pathname
    } catch {
      return text
    }
  } else if (!text.startsWith('/')) return text
  path = path.split(/[?#]/)[0] ?? ''
  const parts = path.split('/').filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p)
    } catch {
      return p
    }
  })
  if (type === 'user' && parts[0] === 'user' && parts[1]) return parts[1]
  if (type === 'project' && PROJECT_ROUTE_SEGMENTS.includes(parts[0] ?? '') && parts[1]) return parts[1]
  if (type === 'version' && PROJECT_ROUTE_SEGMENTS.includes(parts[0] ?? '') && parts[2] === 'version' && parts[3]) return parts[3]
  return text
}

const Form = z.object({
  itemType: z.enum(REPORT_ITEM_TYPES, 'chooseType'),
  item: z.string().trim().min(1, 'itemRequired').max(500, 'tooLong'),
  reportType: z.string().trim().min(1, 'reasonRequired').max(64, 'tooLong'),
  body: z.string().trim().min(1, 'bodyRequired').max(REPORT_BODY_MAX, 'tooLong'),
})
export type ReportInput = z.infer<typeof Form>
export type ReportFieldError = 'chooseType' | 'itemRequired' | 'reasonRequired' | 'bodyRequired' | 'tooLong'

export function parseReport(raw: Record<string, unknown>): { ok: true; data: ReportInput } | { ok: false; fields: Partial<Record<keyof ReportInput, ReportFieldError>> } {
  const r = Form.safeParse(raw)
  if (r.success) return { ok: true, data: r.data }
  return { ok: false, fields: Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message as ReportFieldError])) }
}
