import type { Category, DonationPlatform, GameVersion, License, Loader, ReportType } from '../../payload-types'
import { as, isLookupKey, type Viewer } from './viewer'

const all = { pagination: false, depth: 0 } as const

export async function listCategories(viewer: Viewer): Promise<Category[]> {
  return (await viewer.payload.find({ collection: 'categories', sort: ['projectType', 'name'], ...all, ...as(viewer) })).docs
}

export async function listLoaders(viewer: Viewer): Promise<Loader[]> {
  return (await viewer.payload.find({ collection: 'loaders', sort: 'id', ...all, ...as(viewer) })).docs
}

export type GameVersionFilter = { type?: string; major?: boolean }

/** Game versions, newest first. */
export async function listGameVersions(viewer: Viewer, filter: GameVersionFilter = {}): Promise<GameVersion[]> {
  const and = []
  if (filter.type !== undefined) and.push({ versionType: { equals: filter.type } })
  if (filter.major !== undefined) and.push({ major: { equals: filter.major } })
  return (await viewer.payload.find({ collection: 'game-versions', where: { and }, sort: '-date', ...all, ...as(viewer) })).docs
}

/** The position of each game version in release order (oldest first), for sorting lists of them. */
export async function gameVersionOrder(viewer: Viewer, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const { docs } = await viewer.payload.find({ collection: 'game-versions', where: { id: { in: ids } }, sort: ['date', 'id'], select: { date: true }, ...all, ...as(viewer) })
  return new Map(docs.map((d, i) => [d.id, i]))
}

export async function listLicenses(viewer: Viewer): Promise<License[]> {
  return (await viewer.payload.find({ collection: 'licenses', sort: 'id', select: { name: true }, ...all, ...as(viewer) })).docs as License[]
}

export async function getLicense(viewer: Viewer, id: string): Promise<License | null> {
  if (!isLookupKey(id)) return null
  const { docs } = await viewer.payload.find({ collection: 'licenses', where: { id: { equals: id } }, limit: 1, ...all, ...as(viewer) })
  return docs[0] ?? null
}

export async function listDonationPlatforms(viewer: Viewer): Promise<DonationPlatform[]> {
  return (await viewer.payload.find({ collection: 'donation-platforms', sort: 'id', ...all, ...as(viewer) })).docs
}

export async function listReportTypes(viewer: Viewer): Promise<ReportType[]> {
  return (await viewer.payload.find({ collection: 'report-types', sort: 'id', ...all, ...as(viewer) })).docs
}
