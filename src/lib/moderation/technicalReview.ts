import { severityRank, type Finding, type Severity } from '../files/scanner'

/**
 * The technical review's rules (issue 15 item 4): which findings flag a file for review, the verdicts
 * staff give, and the hashes staff list as malicious.
 */
export const VERDICTS = ['pending', 'safe', 'malicious'] as const
export type Verdict = (typeof VERDICTS)[number]
export const isVerdict = (v: unknown): v is Verdict => typeof v === 'string' && (VERDICTS as readonly string[]).includes(v)

/** Findings from this severity up put a file in front of a reviewer; below it (URLs, bundled libraries) they are only listed. */
export const FLAG_SEVERITY: Severity = 'medium'
export const flags = (severity: Severity) => severityRank(severity) >= severityRank(FLAG_SEVERITY)

export const REVIEW_SORTS = ['severity', 'oldest', 'newest'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]
export const REVIEW_STATES = ['pending', 'decided', 'all'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** A hex sha1 or sha512, lower-cased; null for anything else. */
export function normalHash(value: string): string | null {
  const v = value.trim().toLowerCase()
  return /^(?:[0-9a-f]{40}|[0-9a-f]{128})$/.test(v) ? v : null
}
export const NOT_A_HASH = 'Enter the hex sha1 (40 characters) or sha512 (128 characters) of the file.'

/** The moderator message a malicious verdict leaves on the project (and in its thread). */
export const withheldForMalware = (filename: string) =>
  `A file of this project (${filename}) was found to be malicious in a technical review. The project is withheld and the file is no longer available. Reply in this thread if you believe this is a mistake.`

/** The findings the upload stores: at most this many per file (a hostile archive may produce thousands). */
export const MAX_FINDINGS_PER_FILE = 200

/** Keeps the most severe findings first when there are too many to store. */
export function findingsToStore(findings: Finding[]): Finding[] {
  if (findings.length <= MAX_FINDINGS_PER_FILE) return findings
  return [...findings].sort((a, b) => severityRank(b.severity) - severityRank(a.severity)).slice(0, MAX_FINDINGS_PER_FILE)
}
