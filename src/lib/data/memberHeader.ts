import { projectPermissionsOn } from '../../access/core/memberships'
import { ProjectPermissions as P, hasBits } from '../../access/core/permissions'
import type { Nag } from '../checklist/nags'
import { relationId } from '../ids'
import type { Project } from '../../payload-types'
import type { WaitEstimate } from '../moderation/wait'
import { checklistOf } from './checklist'
import { reviewWaitOf } from './moderation'
import { as, isInsider, isOnTeam, type Viewer } from './viewer'

/** Statuses in which the team works towards (re)submission: the checklist shows then. */
const WORKING_STATUSES = new Set(['draft', 'rejected', 'withheld'])

export type MemberHeaderData = {
  /** The viewer's pending invitation to this project's team. */
  invitation: { id: string; role: string } | null
  /** The checklist, for members and staff while the project is being prepared. */
  nags: Nag[] | null
  /** On the team (or staff): the settings link shows. */
  member: boolean
  /** On the team itself: what is said to the team (submit, the moderators' message) shows; staff are not addressed as the team. */
  onTeam: boolean
  /** May publish versions (UPLOAD_VERSION). */
  canUpload: boolean
  /** May submit (EDIT_DETAILS); the server checks again on submit. */
  canSubmit: boolean
  status: string
  /** Under review: its place in the queue and the typical wait (src/lib/moderation/wait.ts). */
  wait: WaitEstimate | null
}

/**
 * The project member header (spec §2): a pending invitation for the invited, the publishing
 * checklist and submit for the team. Null for everyone else — the public never sees it.
 */
export async function loadMemberHeader(viewer: Viewer, project: Project): Promise<MemberHeaderData | null> {
  if (!viewer.user) return null
  const team = relationId(project.team)
  const [pending, insider, onTeam, bits] = await Promise.all([
    team
      ? viewer.payload.find({
          collection: 'team-members',
          where: { and: [{ team: { equals: team } }, { user: { equals: viewer.user.id } }, { accepted: { equals: false } }] },
          limit: 1, depth: 0, ...as(viewer),
        })
      : null,
    isInsider(viewer, project),
    isOnTeam(viewer, project),
    projectPermissionsOn(viewer.req, project),
  ])
  const invite = pending?.docs[0]
  const invitation = invite ? { id: invite.id, role: invite.role ?? '' } : null
  const status = project.status ?? 'draft'
  if (!insider) return invitation ? { invitation, nags: null, member: false, onTeam: false, canUpload: false, canSubmit: false, status, wait: null } : null
  const [nags, wait] = await Promise.all([WORKING_STATUSES.has(status) ? checklistOf(viewer.payload, project, viewer.req) : null, reviewWaitOf(viewer, project)])
  return { invitation, nags, member: true, onTeam, canUpload: hasBits(bits, P.UPLOAD_VERSION), canSubmit: onTeam && hasBits(bits, P.EDIT_DETAILS) && WORKING_STATUSES.has(status), status, wait }
}
