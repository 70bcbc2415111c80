import type { Payload, PayloadRequest } from 'payload'

import { relationId } from '../ids'
import { projectNags, type ChecklistInput, type Nag } from '../checklist/nags'
import type { Project } from '../../payload-types'

/**
 * What the publishing checklist looks at, read as stored. System reads (`overrideAccess`): callers
 * decide who may see the result — the project's members and staff (the member header, the submit
 * rule), never the public.
 */
export async function checklistInput(payload: Payload, project: Project, req?: PayloadRequest): Promise<ChecklistInput> {
  const system = { overrideAccess: true as const, depth: 0, req }
  const [gallery, versions, tags, loaders] = await Promise.all([
    payload.find({ collection: 'images', where: { and: [{ project: { equals: project.id } }, { kind: { equals: 'gallery' } }] }, pagination: false, select: { featured: true }, ...system }),
    payload.count({ collection: 'versions', where: { project: { equals: project.id } }, ...system }),
    payload.find({ collection: 'categories', where: { projectType: { equals: project.projectType } }, pagination: false, select: { name: true, header: true }, ...system }),
    payload.find({ collection: 'loaders', pagination: false, select: { id: true }, ...system }),
  ])
  return {
    title: project.title,
    summary: project.summary,
    body: project.body ?? null,
    projectType: project.projectType,
    hasIcon: !!project.icon,
    gallery: gallery.docs.map((g) => ({ featured: !!g.featured })),
    versionCount: versions.totalDocs,
    license: { id: relationId(project.license), url: project.licenseUrl ?? null },
    links: { issues: project.issuesUrl ?? null, source: project.sourceUrl ?? null, wiki: project.wikiUrl ?? null, discord: project.discordUrl ?? null },
    donationUrls: (project.donationUrls ?? []).map((d) => d.url).filter(Boolean),
    categories: project.categories ?? [],
    additionalCategories: project.additionalCategories ?? [],
    availableTags: tags.docs.map((t) => ({ name: t.name, header: t.header })),
    loaderNames: loaders.docs.map((l) => String(l.id).toLowerCase()),
    clientSide: project.clientSide ?? 'unknown',
    serverSide: project.serverSide ?? 'unknown',
    status: project.status ?? 'draft',
    moderatorMessage: project.moderatorMessage?.message ?? null,
  }
}

export async function checklistOf(payload: Payload, project: Project, req?: PayloadRequest): Promise<Nag[]> {
  return projectNags(await checklistInput(payload, project, req))
}
