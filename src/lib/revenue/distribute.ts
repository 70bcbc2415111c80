import { allocate, allocateOrEqual } from './split'

/**
 * A day's pool over the eligible projects by their counted views (and downloads × a weight), then
 * over each project team's accepted members by their payout shares (equal when all are zero) —
 * every part exact, every figure kept so a page can show how it came about.
 */
export type ProjectCounts = {
  projectId: string
  views: bigint
  downloads: bigint
  /** Accepted members with their payout share, scaled to an integer (`payouts_split × 10⁶`). */
  members: readonly { userId: string; share: bigint }[]
}

export type MemberPart = { userId: string; share: bigint; sharesTotal: bigint; equalSplit: boolean; amount: bigint }
export type ProjectPart = { projectId: string; views: bigint; downloads: bigint; weight: bigint; amount: bigint; members: MemberPart[] }
export type DayPlan = { pool: bigint; totalWeight: bigint; distributed: bigint; projects: ProjectPart[]; perUser: Map<string, bigint> }

const byKey = <T>(key: (t: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)

export function planDay(pool: bigint, counts: readonly ProjectCounts[], downloadWeight: bigint): DayPlan {
  if (downloadWeight < 0n) throw new RangeError('the download weight is negative')
  // Only projects that earned points and have someone to pay take part; sorted, so ties split the
  // same way on every run.
  const eligible = counts
    .map((c) => ({ ...c, weight: c.views + c.downloads * downloadWeight }))
    .filter((c) => c.weight > 0n && c.members.length > 0)
    .sort(byKey((c) => c.projectId))
  const totalWeight = eligible.reduce((sum, c) => sum + c.weight, 0n)
  const perUser = new Map<string, bigint>()
  if (pool === 0n || totalWeight === 0n) return { pool, totalWeight, distributed: 0n, projects: [], perUser }
  const amounts = allocate(pool, eligible.map((c) => c.weight))
  const projects = eligible.map((c, i): ProjectPart => {
    const members = [...c.members].sort(byKey((m) => m.userId))
    const sharesTotal = members.reduce((sum, m) => sum + m.share, 0n)
    const parts = allocateOrEqual(amounts[i], members.map((m) => m.share))
    return {
      projectId: c.projectId,
      views: c.views,
      downloads: c.downloads,
      weight: c.weight,
      amount: amounts[i],
      members: members.map((m, j) => ({ userId: m.userId, share: m.share, sharesTotal, equalSplit: sharesTotal === 0n, amount: parts[j] })),
    }
  })
  for (const p of projects) for (const m of p.members) if (m.amount > 0n) perUser.set(m.userId, (perUser.get(m.userId) ?? 0n) + m.amount)
  return { pool, totalWeight, distributed: pool, projects, perUser }
}
