import { cache } from 'react'

import { projectPermissionsOn } from '../../access/core/memberships'
import { canTransferOwnership } from '../../access/core/teamRights'
import { relationId } from '../ids'
import { ProjectPermissions as P, hasBits } from '../../access/core/permissions'
import { APPROVED_STATUSES } from '../projectStatus'
import type { Category, DonationPlatform, License } from '../../payload-types'
import { getTeamMembers } from './teams'
import { isInsider, type Viewer } from './viewer'
import { currentViewer } from './currentViewer'
import { loadProjectPage, type ProjectPageData } from './page-project'

export type SettingsAccess = {
  /** Title, slug, summary, links, license, tags, environments, visibility, icon. */
  details: boolean
  invite: boolean
  editMember: boolean
  removeMember: boolean
  /** The team's owner (or an admin): may hand the project over. */
  transfer: boolean
  /** The description. */
  body: boolean
  delete: boolean
  /** UPLOAD_VERSION: may publish and edit versions. */
  upload: boolean
  deleteVersion: boolean
}

export type ProjectSettingsData = { data: ProjectPageData; viewer: Viewer; can: SettingsAccess; everApproved: boolean }

/**
 * A project's settings as the viewer may use them: null (the page answers 404) unless they are on
 * its team or staff. Each page shows what their bits allow; the write rules check again on save.
 */
export const loadProjectSettings = cache(async (idOrSlug: string): Promise<ProjectSettingsData | null> => {
  const viewer = await currentViewer()
  if (!viewer.user) return null
  const data = await loadProjectPage(idOrSlug)
  if (!data || !(await isInsider(viewer, data.project))) return null
  const bits = await projectPermissionsOn(viewer.req, data.project)
  const teamId = relationId(data.project.team)
  const can = {
    details: hasBits(bits, P.EDIT_DETAILS),
    body: hasBits(bits, P.EDIT_BODY),
    delete: hasBits(bits, P.DELETE_PROJECT),
    upload: hasBits(bits, P.UPLOAD_VERSION),
    deleteVersion: hasBits(bits, P.DELETE_VERSION),
    invite: hasBits(bits, P.MANAGE_INVITES),
    editMember: hasBits(bits, P.EDIT_MEMBER),
    removeMember: hasBits(bits, P.REMOVE_MEMBER),
    transfer: !!teamId && (await canTransferOwnership(viewer.req, teamId)),
  }
  const everApproved = !!data.project.approved || (APPROVED_STATUSES as readonly string[]).includes(data.project.status ?? '')
  return { data, viewer, can, everApproved }
})

/** Tags of the project's type, grouped by header, for the tags page. */
export async function loadCategoryChoices(viewer: Viewer, projectType: string): Promise<Pick<Category, 'name' | 'header'>[]> {
  const { docs } = await viewer.payload.find({ collection: 'categories', where: { projectType: { equals: projectType } }, pagination: false, depth: 0, sort: 'name', select: { name: true, header: true }, overrideAccess: false, req: viewer.req })
  return docs
}

export async function loadLicenseChoices(viewer: Viewer): Promise<Pick<License, 'id' | 'name'>[]> {
  const { docs } = await viewer.payload.find({ collection: 'licenses', pagination: false, depth: 0, sort: 'name', select: { name: true }, overrideAccess: false, req: viewer.req })
  return docs
}

export async function loadDonationPlatforms(viewer: Viewer): Promise<Pick<DonationPlatform, 'id' | 'name'>[]> {
  const { docs } = await viewer.payload.find({ collection: 'donation-platforms', pagination: false, depth: 0, sort: 'name', select: { name: true }, overrideAccess: false, req: viewer.req })
  return docs
}


export type MemberRow = { id: string; userId: string; username: string; avatarUrl: string | null; role: string; permissions: number; accepted: boolean; isOwner: boolean }

/** The project's team (pending invitations included) and, read-only, its organization's members. */
export async function loadMemberRows(settings: ProjectSettingsData): Promise<{ team: MemberRow[]; organization: MemberRow[] }> {
  const { viewer, data } = settings
  const teamId = relationId(data.project.team)
  const orgTeam = relationId(data.organization?.team)
  const ids = [teamId, orgTeam].filter((x): x is string => !!x)
  const byTeam = await getTeamMembers(viewer, ids)
  const rows = (id: string | null): MemberRow[] =>
    (id ? (byTeam.get(id) ?? []) : []).map(({ member, user, avatar }) => ({
      id: member.id,
      userId: user.id,
      username: user.username ?? user.id,
      avatarUrl: avatar?.sizes?.icon?.url ?? avatar?.url ?? null,
      role: member.role ?? '',
      permissions: member.permissions ?? 0,
      accepted: !!member.accepted,
      isOwner: !!member.isOwner,
    }))
  return { team: rows(teamId), organization: rows(orgTeam) }
}

/** Loaders a version of this project type may name. */
export async function loadVersionLoaders(viewer: Viewer, projectType: string): Promise<string[]> {
  const { docs } = await viewer.payload.find({ collection: 'loaders', where: { supportedProjectTypes: { contains: projectType } }, pagination: false, depth: 0, sort: 'id', select: { id: true }, overrideAccess: false, req: viewer.req })
  return docs.map((l) => l.id)
}
