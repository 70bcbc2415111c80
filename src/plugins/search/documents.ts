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
  const [versions, gallery, author, icon] = await Promise.all([
    payload.find({ collection: 'versions', where: { and: [{ project: { equals: projectId } }, { status: { in: ['listed', 'archived'] } }] }, sort: '-datePublished', req, ...o }),
    payload.find({ collection: 'images', where: { and: [{ project: { equals: projectId } }, { kind: { equals: 'gallery' } }] }, sort: 'ordering', req, ...o }),
    authorOf(req, relationId(project.team), relationId(project.organization)),
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
    author,
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
    latestVersion: versions.docs[0]?.versionNumber ?? null,
    iconUrl: icon?.url ?? null,
    color: project.color ?? null,
    gallery: gallery.docs.map((g) => g.url).filter((u): u is string => !!u),
    featuredGallery: featured?.url ?? null,
    versions: versions.docs.map((v) => ({
      versionId: v.id,
      loaders: (v.loaders ?? []).map(relationId).filter((x): x is string => !!x),
      gameVersions: (v.gameVersions ?? []).map(relationId).filter((x): x is string => !!x),
      versionType: v.versionType ?? 'release',
    })),
  }
}

/** The organization's name, or the team owner's username. */
async function authorOf(req: PayloadRequest, team: string | null, organization: string | null): Promise<string> {
  if (organization) {
    const org = await req.payload.findByID({ collection: 'organizations', id: organization, depth: 0, overrideAccess: true, disableErrors: true, req })
    if (org) return org.name
  }
  if (!team) return ''
  const owner = await req.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { isOwner: { equals: true } }] }, limit: 1, depth: 1, overrideAccess: true, req })
  const user = owner.docs[0]?.user
  return typeof user === 'object' && user ? user.username ?? '' : ''
}
