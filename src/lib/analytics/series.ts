/*
 * Daily figures per project, shaped for the chart, the table and the CSV export. Pure.
 */
export const METRICS = ['downloads', 'views', 'followers'] as const
export type Metric = (typeof METRICS)[number]
export const isMetric = (v: unknown): v is Metric => typeof v === 'string' && (METRICS as readonly string[]).includes(v)

/** The chart's tooltip lists at most this many projects (spec §9), the largest first. */
export const TOOLTIP_PROJECTS = 15

export type DailyRow = { projectId: string; day: string; count: number }
export type ProjectSeries = { projectId: string; title: string; values: number[]; total: number }

/** One series per project over `days` (zeros where nothing happened), largest total first. */
export function buildSeries(days: readonly string[], projects: readonly { id: string; title: string }[], rows: readonly DailyRow[]): ProjectSeries[] {
  const index = new Map(days.map((d, i) => [d, i]))
  const byProject = new Map(projects.map((p) => [p.id, { projectId: p.id, title: p.title, values: days.map(() => 0), total: 0 }]))
  for (const r of rows) {
    const s = byProject.get(r.projectId)
    const i = index.get(r.day)
    if (!s || i === undefined) continue
    s.values[i] += r.count
    s.total += r.count
  }
  return [...byProject.values()].sort((a, b) => b.total - a.total || a.title.localeCompare(b.title))
}

/** Of one day's entries, those a tooltip lists: a figure above zero, largest first, at most `limit`. */
export function topEntries<T extends { title: string; value: number }>(entries: readonly T[], limit = TOOLTIP_PROJECTS): T[] {
  return entries
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value || a.title.localeCompare(b.title))
    .slice(0, limit)
}

/** The rows one day's tooltip lists (see topEntries). */
export function tooltipRows(series: readonly ProjectSeries[], dayIndex: number, limit = TOOLTIP_PROJECTS): { title: string; value: number }[] {
  return topEntries(series.map((s) => ({ title: s.title, value: s.values[dayIndex] ?? 0 })), limit)
}

const csvCell = (v: string | number) => {
  const s = String(v)
  // Quote what needs it; a leading = + - @ is defused so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** CSV: a header of days, one row per project, and a total row. */
export function toCsv(days: readonly string[], series: readonly ProjectSeries[]): string {
  const lines = [['project', ...days, 'total'].map(csvCell).join(',')]
  for (const s of series) lines.push([s.title, ...s.values, s.total].map(csvCell).join(','))
  const totals = days.map((_, i) => series.reduce((n, s) => n + (s.values[i] ?? 0), 0))
  lines.push(['All projects', ...totals, totals.reduce((a, b) => a + b, 0)].map(csvCell).join(','))
  return lines.join('\r\n') + '\r\n'
}
