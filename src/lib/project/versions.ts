/**
 * Pure helpers for a project's version list, version links and the download picker (spec §2, §3).
 * No framework imports: shared by server pages and the client download dialog.
 */

export type Channel = 'release' | 'beta' | 'alpha'
export const CHANNELS: readonly Channel[] = ['release', 'beta', 'alpha']

/** R, B or A: the badge letter of a release channel. */
export const channelLetter = (channel: string | null | undefined): 'R' | 'B' | 'A' =>
  channel === 'alpha' ? 'A' : channel === 'beta' ? 'B' : 'R'

export const asChannel = (value: string | null | undefined): Channel => (value === 'alpha' || value === 'beta' ? value : 'release')

/** The least a version needs for the list, the links and the picker. */
export type VersionLike = {
  id: string
  versionNumber: string
  versionType?: string | null
  gameVersions: readonly string[]
  loaders: readonly string[]
  /** ISO 8601 */
  datePublished: string
}

const time = (iso: string): number => {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? 0 : t
}

/** Newest first; ties by id so the order is total. */
export function newestFirst<T extends Pick<VersionLike, 'id' | 'datePublished'>>(versions: readonly T[]): T[] {
  return [...versions].sort((a, b) => time(b.datePublished) - time(a.datePublished) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * The URL ending of each version's page (spec §2): its version number, or its id when the number
 * repeats within the project (or would be mistaken for another version's id). Version id → ending.
 */
export function versionUrlKeys(versions: readonly Pick<VersionLike, 'id' | 'versionNumber'>[]): Map<string, string> {
  const counts = new Map<string, number>()
  for (const v of versions) counts.set(v.versionNumber, (counts.get(v.versionNumber) ?? 0) + 1)
  const ids = new Set(versions.map((v) => v.id))
  const out = new Map<string, string>()
  for (const v of versions) {
    const unique = counts.get(v.versionNumber) === 1 && !(ids.has(v.versionNumber) && v.versionNumber !== v.id)
    out.set(v.id, unique && v.versionNumber.trim() !== '' ? v.versionNumber : v.id)
  }
  return out
}

/** The path of a version's page: /{type}/{slug}/version/{number or id}. */
export const versionPath = (projectPath: string, key: string): string => `${projectPath}/version/${encodeURIComponent(key)}`

export type VersionListFilter = {
  /** Channels to show; empty shows all. */
  channels?: readonly string[]
  loader?: string | null
  gameVersion?: string | null
}

/** The versions that pass the version list's filters, in the order given. */
export function filterVersions<T extends VersionLike>(versions: readonly T[], filter: VersionListFilter): T[] {
  const channels = new Set((filter.channels ?? []).filter((c) => (CHANNELS as readonly string[]).includes(c)))
  return versions.filter(
    (v) =>
      (channels.size === 0 || channels.has(asChannel(v.versionType))) &&
      (!filter.loader || v.loaders.includes(filter.loader)) &&
      (!filter.gameVersion || v.gameVersions.includes(filter.gameVersion)),
  )
}

/** A file offered for download: the primary file of a version. */
export type PickFile = { url: string | null; filename: string; size: number }
export type PickCandidate = VersionLike & { primaryFile: PickFile | null }

export type DownloadChoice = { gameVersion?: string | null; loader?: string | null }

/**
 * The best version for a game version and loader (spec §2's download interface): the newest
 * release-channel version that supports both, else the newest beta, else the newest alpha.
 * A missing choice does not filter. Versions without a downloadable file are skipped. Null when
 * nothing fits.
 */
export function pickDownload<T extends PickCandidate>(versions: readonly T[], choice: DownloadChoice): T | null {
  const fits = newestFirst(versions).filter(
    (v) =>
      v.primaryFile?.url &&
      (!choice.gameVersion || v.gameVersions.includes(choice.gameVersion)) &&
      (!choice.loader || v.loaders.includes(choice.loader)),
  )
  for (const channel of CHANNELS) {
    const found = fits.find((v) => asChannel(v.versionType) === channel)
    if (found) return found
  }
  return null
}

/**
 * The choices the download interface offers: game versions newest first (by `order`, the release
 * order of game versions, oldest = 0; unknown ones last) and loaders in name order, each limited to
 * what some version supports together with the other choice when one is made.
 */
export function downloadOptions(
  versions: readonly VersionLike[],
  order: ReadonlyMap<string, number>,
  choice: DownloadChoice = {},
): { gameVersions: string[]; loaders: string[] } {
  const gameVersions = new Set<string>()
  const loaders = new Set<string>()
  for (const v of versions) {
    if (!choice.loader || v.loaders.includes(choice.loader)) v.gameVersions.forEach((g) => gameVersions.add(g))
    if (!choice.gameVersion || v.gameVersions.includes(choice.gameVersion)) v.loaders.forEach((l) => loaders.add(l))
  }
  const rank = (g: string) => order.get(g) ?? -1
  return {
    gameVersions: [...gameVersions].sort((a, b) => rank(b) - rank(a) || a.localeCompare(b)),
    loaders: [...loaders].sort((a, b) => a.localeCompare(b)),
  }
}

/** File sizes as people read them: 512 B, 1.5 KiB, 12.3 MiB (binary units, one decimal). */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let unit = 0
  let value = n
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  if (unit === 0) return `${new Intl.NumberFormat(locale).format(n)} B`
  // 1023.96 KiB would print as "1,024.0 KiB": move up a unit instead.
  if (Math.round(value * 10) / 10 >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} ${units[unit]}`
}

export type SideSupport = 'required' | 'optional' | 'unsupported' | 'unknown'
export type Environment =
  | 'clientAndServer'
  | 'clientOrServer'
  | 'clientRequiredServerOptional'
  | 'serverRequiredClientOptional'
  | 'client'
  | 'server'
  | 'unsupported'
  | 'unknown'

const side = (v: string | null | undefined): SideSupport =>
  v === 'required' || v === 'optional' || v === 'unsupported' ? v : 'unknown'

/** One summary of where a project runs, from its client_side and server_side (spec §2 compatibility). */
export function environmentOf(clientSide: string | null | undefined, serverSide: string | null | undefined): Environment {
  const c = side(clientSide)
  const s = side(serverSide)
  if (c === 'unknown' || s === 'unknown') return 'unknown'
  if (c === 'unsupported' && s === 'unsupported') return 'unsupported'
  if (s === 'unsupported') return 'client'
  if (c === 'unsupported') return 'server'
  if (c === 'required' && s === 'required') return 'clientAndServer'
  if (c === 'optional' && s === 'optional') return 'clientOrServer'
  return c === 'required' ? 'clientRequiredServerOptional' : 'serverRequiredClientOptional'
}
