/**
 * How long review takes (issue 15 item 6): creators see their project's place in the queue and a
 * typical wait, moderators their throughput. Pure; the figures come from src/lib/data/reviewStats.ts.
 */

/** The median of some durations (ms), or null with none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export type WaitEstimate = { position: number; ahead: number; typicalMs: number | null; sample: number }

/**
 * A project's place in the queue (1 = next; oldest submission first, as moderators work) and the
 * typical wait: the median time from submission to decision over recent decisions.
 */
export function estimateWait(queuedAt: string, queue: string[], recentWaitsMs: number[]): WaitEstimate {
  const mine = Date.parse(queuedAt)
  const ahead = queue.filter((q) => Date.parse(q) < mine).length
  return { position: ahead + 1, ahead, typicalMs: median(recentWaitsMs), sample: recentWaitsMs.length }
}

/** A duration as whole hours under two days, else whole days — what a person plans with. */
export function roughDuration(ms: number): { unit: 'hour' | 'day'; value: number } {
  const hours = Math.max(1, Math.round(ms / 3_600_000))
  return hours < 48 ? { unit: 'hour', value: hours } : { unit: 'day', value: Math.round(hours / 24) }
}
