/** Project statuses and their groups (spec §4, reference §2). */
export const PROJECT_STATUSES = [
  'approved',
  'archived',
  'rejected',
  'draft',
  'unlisted',
  'processing',
  'withheld',
  'scheduled',
  'private',
  'unknown',
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

/** Shown in search and listings. */
export const LISTED_STATUSES: readonly ProjectStatus[] = ['approved', 'archived']
/** Approved at some point by staff. */
export const APPROVED_STATUSES: readonly ProjectStatus[] = ['approved', 'archived', 'unlisted', 'private']
/** Pages of these are 404 to anyone outside the team and staff. */
export const HIDDEN_STATUSES: readonly ProjectStatus[] = ['rejected', 'draft', 'processing', 'unknown', 'scheduled', 'private']
/** Reachable by anyone with the link. */
export const PUBLIC_STATUSES: readonly ProjectStatus[] = PROJECT_STATUSES.filter((s) => !HIDDEN_STATUSES.includes(s))
export const REJECTED_STATUSES: readonly ProjectStatus[] = ['rejected', 'withheld']
export const PRIVATE_LIKE_STATUSES: readonly ProjectStatus[] = ['private', 'rejected', 'processing']
/** An owner may switch among these once the project has been approved. */
export const REQUESTABLE_STATUSES: readonly ProjectStatus[] = ['approved', 'unlisted', 'private', 'draft']

export const isListed = (s: string) => (LISTED_STATUSES as readonly string[]).includes(s)
export const isHidden = (s: string) => (HIDDEN_STATUSES as readonly string[]).includes(s)
export const isApproved = (s: string) => (APPROVED_STATUSES as readonly string[]).includes(s)

/** labrinth's refusal when an owner schedules a project that was never approved. */
export const PROJECT_NOT_APPROVED_FOR_SCHEDULE =
  'This project has not been approved yet. Submit to the queue with the private status to schedule it in the future!'

export type TransitionCheck = { ok: true } | { ok: false; reason: string }

/**
 * The owner's transitions (moderators may set any status). `hasVersions` gates submission for review.
 */
export function checkOwnerTransition(
  from: ProjectStatus,
  to: ProjectStatus,
  opts: { hasVersions: boolean; everApproved: boolean },
): TransitionCheck {
  if (from === to) return { ok: true }
  if (to === 'scheduled') return isApproved(from) ? { ok: true } : { ok: false, reason: PROJECT_NOT_APPROVED_FOR_SCHEDULE }
  if (to === 'processing') {
    if (from === 'approved') return { ok: false, reason: 'An approved project cannot be resubmitted for review.' }
    if (!opts.hasVersions)
      return { ok: false, reason: 'Project submitted for review with no initial versions' }
    return { ok: true }
  }
  if (from === 'processing' && to === 'draft') return { ok: true }
  // A scheduled project was approved before (it could not be scheduled otherwise): cancelling picks any approved status.
  const approvedBefore = isApproved(from) || from === 'scheduled'
  if (opts.everApproved && (REQUESTABLE_STATUSES as readonly string[]).includes(to) && approvedBefore)
    return { ok: true }
  if (to === 'archived' && approvedBefore) return { ok: true }
  return { ok: false, reason: `You cannot change the status from ${from} to ${to}.` }
}

export const VERSION_STATUSES = ['listed', 'archived', 'draft', 'unlisted', 'scheduled', 'unknown'] as const
export type VersionStatus = (typeof VERSION_STATUSES)[number]
/** Versions anyone may see (when their project is visible). */
export const PUBLIC_VERSION_STATUSES: readonly VersionStatus[] = ['listed', 'archived', 'unlisted']
/** What a scheduled version may be released as (labrinth `VersionStatus::can_be_requested`). */
export const REQUESTABLE_VERSION_STATUSES = ['listed', 'archived', 'draft', 'unlisted'] as const satisfies readonly VersionStatus[]
/** What a scheduled project may be released as (labrinth `ProjectStatus::can_be_requested`). */
export const SCHEDULABLE_PROJECT_STATUSES = ['approved', 'archived', 'unlisted', 'private', 'draft'] as const satisfies readonly ProjectStatus[]
