import { strToU8, zipSync } from 'fflate'

import type { ReviewFinding, ReviewProject } from '../data/technicalReview'
import { scanArchive, severityRank, type Finding } from '../files/scanner'
import type { ReviewQuery } from '../data/technicalReview'

/*
 * The technical-review-mockup route's data: demo archives built here and read by the real scanner, so
 * the mockup shows what the scanner really reports — with made-up projects, nothing stored.
 */

/** A class file's bytes with these strings among its constants (enough for the scanner). */
const classWith = (...constants: string[]) => Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 65]), ...constants.map((c) => Buffer.concat([Buffer.from([1, 0, c.length]), Buffer.from(c, 'latin1')]))])
const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files))

const DEMO = [
  {
    id: 'demo0001', title: 'Totally Legit Optimizer', projectType: 'mod', status: 'processing', filename: 'legit-optimizer-1.0.jar', versionNumber: '1.0.0', foundAt: '2026-11-20T09:30:00.000Z',
    archive: () => zip({
      'fabric.mod.json': strToU8('{"id":"legit"}'),
      'com/legit/Updater.class': classWith('java/net/Socket', '45.155.205.233', 'https://paste.example/raw/x1'),
      'libs/loader.jar': zip({ '../../../.minecraft/mods/autorun.jar': strToU8('MZ'), 'Boot.class': classWith('91.92.240.7:4444') }),
    }),
  },
  {
    id: 'demo0002', title: 'Shader Helper Natives', projectType: 'mod', status: 'approved', filename: 'shader-helper-2.3.jar', versionNumber: '2.3.0', foundAt: '2026-11-22T14:05:00.000Z',
    archive: () => zip({ 'natives/windows/helper.dll': strToU8('MZ'), 'natives/linux/libhelper.so': strToU8('ELF'), 'META-INF/jars/gson.jar': zip({ 'Gson.class': classWith('com/google/gson') }) }),
  },
  {
    id: 'demo0003', title: 'Compact Machines Lite', projectType: 'mod', status: 'processing', filename: 'cml-0.4.jar', versionNumber: '0.4.0', foundAt: '2026-11-24T18:40:00.000Z',
    archive: () => zip(Object.fromEntries('abcdefghijklmn'.split('').map((c) => [`${c}.class`, classWith(`https://api.cml.example/v${c.charCodeAt(0)}`)]))),
  },
] as const

export async function demoReview(query: ReviewQuery): Promise<ReviewProject[]> {
  const projects: ReviewProject[] = []
  for (const d of DEMO) {
    const report = await scanArchive({ data: d.archive() })
    const findings: ReviewFinding[] = report.findings
      .filter((f: Finding) => severityRank(f.severity) >= severityRank(query.minSeverity))
      .sort((a, b) => severityRank(b.severity) - severityRank(a.severity))
      .map((f, i) => ({ id: `${d.id}-${i}`, kind: f.kind, severity: f.severity, entry: f.entry, detail: f.detail, verdict: 'pending', decidedBy: null, decidedAt: null }))
    if (findings.length === 0 || query.state === 'decided') continue
    const q = query.q?.trim().toLowerCase()
    if (q && !d.title.toLowerCase().includes(q)) continue
    projects.push({
      id: d.id, title: d.title, path: `/${d.projectType}/${d.id}`, projectType: d.projectType, status: d.status, firstFound: d.foundAt,
      highest: findings[0]!.severity, pending: findings.length,
      files: [{ id: `${d.id}-file`, filename: d.filename, quarantined: false, versionNumber: d.versionNumber, findings }],
    })
  }
  const byTime = (a: ReviewProject, b: ReviewProject) => a.firstFound.localeCompare(b.firstFound)
  if (query.sort === 'oldest') return projects.sort(byTime)
  if (query.sort === 'newest') return projects.sort((a, b) => byTime(b, a))
  return projects.sort((a, b) => severityRank(b.highest) - severityRank(a.highest) || byTime(a, b))
}
