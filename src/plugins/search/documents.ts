import type { PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { isListed } from '../../lib/projectStatus'
import { isOpenSourceLicense } from '../../lib/search/license'
import type { ProjectSearchDocument } from './types'

const o = { overrideAccess: true, depth: 0, pagination: false } as const

/** The search document of a project, or null when the project is not searchable (not approved/archived). */
export async function buildSearchDocument(req: PayloadRequest, projectId: string): Promise<ProjectSearchDocument | null> {
  const { payload } = req
  const project = await payload.findByID({ collection: 'projects', id: projectId, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!project || !isListed(project.status ?? '')) return null
  const [versions, gallery, owner, icon] = await Promise.all([
    payload.find({ collection: 'versions', where: { and: [{ project: { equals: projectId } }, { status: { in: ['listed', 'archived'] } }] }, sort: '-datePublished', req, ...o }),
    payload.find({ collection: 'images', where: { and: [{ project: { equals: projectId } }, { kind: { equals: 'gallery' } }] }, sort: 'ordering', req, ...o }),
    ownerOf(req, relationId(project.team), relationId(project.organization)),
    project.icon ? payload.findByID({ collection: 'images', id: relationId(project.icon)!, depth: 0, overrideAccess: true, disableErrors: true, req }) : null,
  ])
  const categories = [...(project.categories ?? []), ...(project.additionalCategories ?? [])]
  const loaders = project.loaders ?? []
  const featured = gallery.docs.find((g) => g.featured) ?? null
  const license = relationId(project.license) ?? ''
  return {
    projectId: project.id,
    slug: project.slug,
    title: project.title,
    summary: project.summary,
    ...owner,
    projectType: project.projectType,
    categories,
    displayCategories: [...(project.categories ?? []), ...loaders],
    loaders,
    gameVersions: project.gameVersions ?? [],
    clientSide: project.clientSide ?? 'unknown',
    serverSide: project.serverSide ?? 'unknown',
    license,
    openSource: isOpenSourceLicense(license),
    downloads: project.downloads ?? 0,
    follows: project.followers ?? 0,
    dateCreated: project.published ?? project.createdAt,
    dateModified: project.updated ?? project.updatedAt,
    latestVersion: versions.docs[0]?.id ?? null,
    iconUrl: icon?.url ?? null,
    color: project.color ?? null,
    gallery: gallery.docs.map((g) => g.url).filter((u): u is string => !!u),
    featuredGallery: featured?.url ?? null,
    disclosureTypes: project.status === 'archived' ? ['archived'] : [],
    versions: versions.docs.map((v) => ({
      versionId: v.id,
      loaders: (v.loaders ?? []).map(relationId).filter((x): x is string => !!x),
      gameVersions: (v.gameVersions ?? []).map(relationId).filter((x): x is string => !!x),
      versionType: v.versionType ?? 'release',
    })),
  }
}

type Owner = Pick<ProjectSearchDocument, 'author' | 'authorId' | 'organization' | 'organizationId'>

/**
 * Who the project is by: `author` is the organization's name, or the team owner's username;
 * `authorId` is the owner of the organization's team, or of the project's (as labrinth indexes it).
 */
async function ownerOf(req: PayloadRequest, team: string | null, organization: string | null): Promise<Owner> {
  const org = organization ? await req.payload.findByID({ collection: 'organizations', id: organization, depth: 0, overrideAccess: true, disableErrors: true, req }) : null
  const ownerTeam = (org && relationId(org.team)) || team
  const member = ownerTeam
    ? (await req.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: ownerTeam } }, { isOwner: { equals: true } }] }, limit: 1, depth: 1, overrideAccess: true, req })).docs[0]
    : undefined
  const user = typeof member?.user === 'object' ? member.user : null
  return {
    author: org ? org.name : (user?.username ?? ''),
    authorId: relationId(member?.user),
    organization: org?.name ?? null,
    organizationId: org?.id ?? null,
  }
}
