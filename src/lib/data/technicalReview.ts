import type { Where } from 'payload'

import { severityRank, SEVERITIES, type FindingKind, type Severity } from '../files/scanner'
import { relationId } from '../ids'
import { FLAG_SEVERITY, type ReviewSort, type ReviewState, type Verdict } from '../moderation/technicalReview'
import { projectPath } from '../search/displayType'
import { isModerator } from './moderation'
import { as, type Viewer } from './viewer'

export type ReviewFinding = { id: string; kind: FindingKind; severity: Severity; entry: string | null; detail: string; verdict: Verdict; decidedBy: string | null; decidedAt: string | null }
export type ReviewFile = { id: string; filename: string; quarantined: boolean; versionNumber: string | null; findings: ReviewFinding[] }
export type ReviewProject = { id: string; title: string; path: string; projectType: string; status: string; highest: Severity; pending: number; firstFound: string; files: ReviewFile[] }
export type ReviewQuery = { minSeverity: Severity; state: ReviewState; sort: ReviewSort; q?: string }

/** At most this many findings are read for one listing (the newest); a backlog larger than that is paged by its filters. */
const READ_LIMIT = 2000

/**
 * The technical review's list (staff only; null for anyone else): projects with scanner findings of
 * at least `minSeverity`, each with its files and their findings — pending ones (or decided, or all),
 * most severe first by default, or by when they were found; searched by project title, slug or id.
 */
export async function technicalReviewList(viewer: Viewer, query: ReviewQuery): Promise<ReviewProject[] | null> {
  if (!isModerator(viewer)) return null
  const severities = SEVERITIES.filter((s) => severityRank(s) >= severityRank(query.minSeverity))
  const and: Where[] = [{ severity: { in: severities } }]
  if (query.state === 'pending') and.push({ verdict: { equals: 'pending' } })
  if (query.state === 'decided') and.push({ verdict: { not_equals: 'pending' } })
  const q = query.q?.trim()
  if (q) {
    const { docs } = await viewer.payload.find({ collection: 'projects', where: { or: [{ title: { like: q } }, { slug: { like: q } }, { id: { equals: q } }] }, limit: 200, depth: 0, joins: false, select: {}, ...as(viewer) })
    and.push({ project: { in: docs.map((d) => d.id) } })
  }
  const { docs: findings } = await viewer.payload.find({ collection: 'file-findings', where: { and }, sort: '-createdAt', limit: READ_LIMIT, depth: 0, ...as(viewer) })
  if (findings.length === 0) return []

  const projectIds = [...new Set(findings.map((f) => relationId(f.project)!))]
  const fileIds = [...new Set(findings.map((f) => relationId(f.file)!))]
  const [projects, files] = await Promise.all([
    viewer.payload.find({ collection: 'projects', where: { id: { in: projectIds } }, pagination: false, depth: 0, joins: false, select: { title: true, slug: true, projectType: true, loaders: true, status: true }, ...as(viewer) }),
    viewer.payload.find({ collection: 'version-files', where: { id: { in: fileIds } }, pagination: false, depth: 1, select: { filename: true, quarantined: true, version: true }, populate: { versions: { versionNumber: true } }, ...as(viewer) }),
  ])
  const deciders = await usernames(viewer, findings.map((f) => relationId(f.decidedBy)).filter((id): id is string => !!id))
  const fileById = new Map(files.docs.map((f) => [f.id, f]))
  const byProject = new Map<string, Map<string, ReviewFinding[]>>()
  const firstFound = new Map<string, string>()
  for (const f of findings) {
    const projectId = relationId(f.project)!
    const fileId = relationId(f.file)!
    const perFile = byProject.get(projectId) ?? new Map<string, ReviewFinding[]>()
    byProject.set(projectId, perFile)
    const list = perFile.get(fileId) ?? []
    perFile.set(fileId, list)
    list.push({ id: f.id, kind: f.kind, severity: f.severity, entry: f.entry ?? null, detail: f.detail, verdict: f.verdict, decidedBy: deciders.get(relationId(f.decidedBy) ?? '') ?? null, decidedAt: f.decidedAt ?? null })
    const seen = firstFound.get(projectId)
    if (!seen || f.createdAt < seen) firstFound.set(projectId, f.createdAt)
  }
  const bySeverity = (a: { severity: Severity }, b: { severity: Severity }) => severityRank(b.severity) - severityRank(a.severity)
  const out: ReviewProject[] = []
  for (const p of projects.docs) {
    const perFile = byProject.get(p.id)
    if (!perFile) continue
    const reviewFiles: ReviewFile[] = [...perFile.entries()].map(([fileId, list]) => {
      const file = fileById.get(fileId)
      const version = file && typeof file.version === 'object' ? file.version : null
      return { id: fileId, filename: file?.filename ?? fileId, quarantined: !!file?.quarantined, versionNumber: version?.versionNumber ?? null, findings: list.sort(bySeverity) }
    })
    const all = reviewFiles.flatMap((f) => f.findings)
    out.push({
      id: p.id,
      title: p.title,
      path: projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id),
      projectType: p.projectType,
      status: p.status ?? 'draft',
      highest: all.reduce<Severity>((max, f) => (severityRank(f.severity) > severityRank(max) ? f.severity : max), 'low'),
      pending: all.filter((f) => f.verdict === 'pending').length,
      firstFound: firstFound.get(p.id)!,
      files: reviewFiles,
    })
  }
  const byTime = (a: ReviewProject, b: ReviewProject) => a.firstFound.localeCompare(b.firstFound)
  if (query.sort === 'oldest') out.sort(byTime)
  else if (query.sort === 'newest') out.sort((a, b) => byTime(b, a))
  else out.sort((a, b) => severityRank(b.highest) - severityRank(a.highest) || byTime(a, b))
  return out
}

/** Files waiting for a reviewer (a pending finding at the flagging severity or above); null for non-staff. */
export async function countFlaggedFiles(viewer: Viewer): Promise<number | null> {
  if (!isModerator(viewer)) return null
  const flagging = SEVERITIES.filter((s) => severityRank(s) >= severityRank(FLAG_SEVERITY))
  const { docs } = await viewer.payload.find({ collection: 'file-findings', where: { and: [{ verdict: { equals: 'pending' } }, { severity: { in: flagging } }] }, pagination: false, depth: 0, select: { file: true }, ...as(viewer) })
  return new Set(docs.map((d) => relationId(d.file))).size
}

async function usernames(viewer: Viewer, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const { docs } = await viewer.payload.find({ collection: 'users', where: { id: { in: unique } }, pagination: false, depth: 0, select: { username: true }, ...as(viewer) })
  return new Map(docs.map((u) => [u.id, u.username]))
}
