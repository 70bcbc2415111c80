import type { z } from 'zod'

import { absoluteOwnLinks } from '../../../lib/files/fileUrl'
import { relationId } from '../../../lib/ids'
import type { ProjectDetails } from '../../../lib/data'
import type { Project as ProjectSchema } from '../schemas/project'
import { environmentOf, imageUrl, iso } from './common'

export type LegacyProject = z.infer<typeof ProjectSchema>

/** Data packs and plugins are "mod" in v2; everything else keeps its type (reference §1.3). */
export function legacyProjectType(projectType: string): LegacyProject['project_type'] {
  if (projectType === 'datapack' || projectType === 'plugin') return 'mod'
  return projectType === 'modpack' || projectType === 'resourcepack' || projectType === 'shader' || projectType === 'mod' ? projectType : 'project'
}

// No license recorded: "unknown" (Modrinth's identifier for it), rather than claiming a license.
const UNKNOWN_LICENSE_ID = 'LicenseRef-Unknown'

export function toLegacyProject({ project: p, versions, loaders, gameVersions, icon, gallery, license, donationLinks }: ProjectDetails): LegacyProject {
  const clientSide = p.clientSide ?? 'unknown'
  const serverSide = p.serverSide ?? 'unknown'
  return {
    id: p.id,
    slug: p.slug,
    project_type: legacyProjectType(p.projectType),
    team: relationId(p.team) ?? '',
    organization: relationId(p.organization),
    title: p.title,
    description: p.summary,
    body: absoluteOwnLinks(p.body ?? ''),
    body_url: null,
    published: iso(p.published) ?? iso(p.createdAt)!,
    updated: iso(p.updated) ?? iso(p.updatedAt)!,
    approved: iso(p.approved),
    queued: iso(p.queued),
    status: p.status ?? 'draft',
    requested_status: p.requestedStatus ?? null,
    moderator_message: p.moderatorMessage?.message ? { message: p.moderatorMessage.message, body: p.moderatorMessage.body ?? null } : null,
    license: {
      id: relationId(p.license) ?? UNKNOWN_LICENSE_ID,
      name: license?.name ?? '',
      url: p.licenseUrl ?? null,
    },
    client_side: clientSide,
    server_side: serverSide,
    game_versions: gameVersions,
    loaders,
    categories: p.categories ?? [],
    additional_categories: p.additionalCategories ?? [],
    versions: versions.map((v) => v.id),
    downloads: p.downloads ?? 0,
    followers: p.followers ?? 0,
    icon_url: imageUrl(icon, 'icon'),
    raw_icon_url: imageUrl(icon),
    issues_url: p.issuesUrl ?? null,
    source_url: p.sourceUrl ?? null,
    wiki_url: p.wikiUrl ?? null,
    discord_url: p.discordUrl ?? null,
    donation_urls: donationLinks.map((d) => ({ id: d.platform, platform: d.platformName, url: d.url })),
    gallery: gallery.map((g) => ({
      url: imageUrl(g, 'large')!,
      raw_url: imageUrl(g)!,
      featured: !!g.featured,
      title: g.title ?? null,
      description: g.description ?? null,
      created: iso(g.createdAt)!,
      ordering: g.ordering ?? 0,
    })),
    color: p.color ?? null,
    thread_id: relationId(p.thread),
    monetization_status: p.monetizationStatus ?? 'monetized',
    environment: [environmentOf(clientSide, serverSide)],
  }
}
