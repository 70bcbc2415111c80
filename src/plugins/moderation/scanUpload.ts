import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { isArchiveName } from '../../lib/files/archive'
import { scanArchive, type Finding } from '../../lib/files/scanner'
import { relationId } from '../../lib/ids'
import { findingsToStore } from '../../lib/moderation/technicalReview'

/*
 * The technical review's scan at upload (issue 15 item 4): every uploaded archive is read by the
 * scanner (bounded in time and memory: a zip bomb or a broken zip ends as a finding), and every
 * uploaded file's hashes are checked against the staff's list of known-malicious files. The findings
 * are kept per file (collection `file-findings`) for /moderation/technical-review. A scan never fails
 * the upload: what it could not do is itself a finding.
 */

/** The findings of the upload in progress, from its beforeChange to its afterChange (same request). */
const pending = new WeakMap<PayloadRequest, Finding[]>()

async function knownMalicious(req: PayloadRequest): Promise<Set<string>> {
  const { docs } = await req.payload.find({ collection: 'malicious-hashes', pagination: false, depth: 0, overrideAccess: true, req, select: { hash: true } })
  return new Set(docs.map((d) => d.hash))
}

async function scan(req: PayloadRequest, name: string, sha1: unknown, sha512: unknown): Promise<Finding[]> {
  const file = req.file!
  const known = await knownMalicious(req)
  const findings: Finding[] = []
  if ((typeof sha1 === 'string' && known.has(sha1)) || (typeof sha512 === 'string' && known.has(sha512))) {
    findings.push({ kind: 'known-malicious', severity: 'critical', entry: null, detail: 'The file is on the list of known-malicious files.' })
  }
  if (!isArchiveName(name)) return findings
  try {
    const fromDisk = !!file.tempFilePath && (!file.data || file.data.length === 0)
    const report = await scanArchive(fromDisk ? { path: file.tempFilePath! } : { data: file.data }, { knownMalicious: known })
    findings.push(...report.findings)
  } catch (error) {
    req.payload.logger.error({ err: error, file: name }, 'the archive scanner failed')
    findings.push({ kind: 'corrupt', severity: 'high', entry: null, detail: `The scanner could not read this file: ${(error as Error).message}`.slice(0, 300) })
  }
  return findings
}

/** Scans the new file while its bytes are at hand (after hashUpload, so the hashes are known). */
export const scanUpload: CollectionBeforeChangeHook = async ({ data, req }) => {
  if (!req.file) return data
  pending.set(req, await scan(req, req.file.name, data.sha1, data.sha512))
  return data
}

/** Stores the findings against the saved file (replacing an earlier file's findings on re-upload). */
export const storeFindings: CollectionAfterChangeHook = async ({ doc, req, operation }) => {
  const findings = pending.get(req)
  if (!findings) return doc
  pending.delete(req)
  if (operation === 'update') await req.payload.delete({ collection: 'file-findings', where: { file: { equals: doc.id } }, overrideAccess: true, req })
  if (findings.length === 0) return doc
  const version = await req.payload.findByID({ collection: 'versions', id: relationId(doc.version)!, depth: 0, overrideAccess: true, req, select: { project: true } })
  const project = relationId(version.project)
  if (!project) return doc
  for (const f of findingsToStore(findings)) {
    await req.payload.create({ collection: 'file-findings', data: { file: doc.id, project, kind: f.kind, severity: f.severity, entry: f.entry?.slice(0, 1000) ?? null, detail: f.detail.slice(0, 1000), verdict: 'pending' }, overrideAccess: true, depth: 0, req })
  }
  return doc
}
