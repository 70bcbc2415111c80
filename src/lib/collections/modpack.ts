/**
 * A collection as a Modrinth modpack (issue 14 item 6): which version of each project goes in for a
 * chosen game version and loader, and the `modrinth.index.json` that lists them (format 1: path,
 * hashes, env, downloads, fileSize; dependencies on the game and the loader). Pure; the reads are in
 * src/lib/data/collectionExport.ts.
 */
import { z } from 'zod'

import { isUnsafeEntryName } from '../files/archive'

export const MODPACK_LOADERS = ['fabric', 'quilt', 'forge', 'neoforge'] as const
export type ModpackLoader = (typeof MODPACK_LOADERS)[number]
/** Product names, not words to translate. */
export const MODPACK_LOADER_NAMES: Record<ModpackLoader, string> = { fabric: 'Fabric', quilt: 'Quilt', forge: 'Forge', neoforge: 'NeoForge' }

/** The loader's key in the index's `dependencies`. */
const LOADER_DEPENDENCY: Record<ModpackLoader, string> = { fabric: 'fabric-loader', quilt: 'quilt-loader', forge: 'forge', neoforge: 'neoforge' }
/** Fabric's and Quilt's loaders run on every game version they support; Forge's and NeoForge's are per game version, so the player names one. */
export const DEFAULT_LOADER_VERSION: Partial<Record<ModpackLoader, string>> = { fabric: '0.16.9', quilt: '0.27.1' }

/** Where each kind of project goes in a pack; the other kinds (plugins, data packs, modpacks) have no place in one. */
const FOLDER: Record<string, string> = { mod: 'mods', resourcepack: 'resourcepacks', shader: 'shaderpacks' }
export const modpackFolder = (projectType: string): string | null => FOLDER[projectType] ?? null

const Token = z.string().trim().min(1).max(64).regex(/^[\w.+-]+$/)

export type ExportChoice = { gameVersion: string; loader: ModpackLoader | null; loaderVersion: string | null }
export type ExportChoiceError = 'gameVersion' | 'loader' | 'loaderVersion'

/** The export form's query (`?game_version=&loader=&loader_version=`); null fields are errors. */
export function parseExportChoice(params: Record<string, string | string[] | undefined>): { ok: true; choice: ExportChoice } | { ok: false; errors: ExportChoiceError[] } {
  const one = (k: string) => {
    const v = params[k]
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? ''
  }
  const errors: ExportChoiceError[] = []
  const gameVersion = Token.safeParse(one('game_version'))
  if (!gameVersion.success) errors.push('gameVersion')
  const loaderText = one('loader')
  const loader = loaderText === '' ? null : (MODPACK_LOADERS as readonly string[]).includes(loaderText) ? (loaderText as ModpackLoader) : undefined
  if (loader === undefined) errors.push('loader')
  let loaderVersion: string | null = null
  if (loader) {
    const typed = one('loader_version') || DEFAULT_LOADER_VERSION[loader] || ''
    const parsed = Token.safeParse(typed)
    if (parsed.success) loaderVersion = parsed.data
    else errors.push('loaderVersion')
  }
  if (errors.length || !gameVersion.success || loader === undefined) return { ok: false, errors }
  return { ok: true, choice: { gameVersion: gameVersion.data, loader, loaderVersion } }
}

export type Candidate = { id: string; versionType: string; gameVersions: string[]; loaders: string[]; published: string }
export type SkipReason = 'notInModpack' | 'needsLoader' | 'noVersion'

const RANK: Record<string, number> = { release: 0, beta: 1, alpha: 2 }

/** Loaders whose mods also run on the chosen one (Quilt loads Fabric mods). */
const COMPATIBLE: Record<ModpackLoader, string[]> = { fabric: ['fabric'], quilt: ['quilt', 'fabric'], forge: ['forge'], neoforge: ['neoforge'] }

/**
 * The version of a project that goes in: for the chosen game version (and, for mods, a loader that
 * runs on the chosen one), the most stable kind (release, then beta, then alpha), newest first.
 */
export function pickVersion(projectType: string, candidates: Candidate[], choice: ExportChoice): { version: Candidate } | { skip: SkipReason } {
  if (!modpackFolder(projectType)) return { skip: 'notInModpack' }
  if (projectType === 'mod' && !choice.loader) return { skip: 'needsLoader' }
  const loaders = projectType === 'mod' && choice.loader ? COMPATIBLE[choice.loader] : null
  const fits = candidates.filter((c) => c.gameVersions.includes(choice.gameVersion) && (!loaders || c.loaders.some((l) => loaders.includes(l))))
  // A Quilt pack prefers a project's own Quilt build over its Fabric one.
  const native = (c: Candidate) => (choice.loader && c.loaders.includes(choice.loader) ? 0 : 1)
  const best = [...fits].sort((a, b) => (RANK[a.versionType] ?? 3) - (RANK[b.versionType] ?? 3) || native(a) - native(b) || b.published.localeCompare(a.published))[0]
  return best ? { version: best } : { skip: 'noVersion' }
}

export type Side = 'required' | 'optional' | 'unsupported' | 'unknown' | null | undefined
export type PackFile = { folder: string; filename: string; sha1: string; sha512: string; size: number; url: string; clientSide: Side; serverSide: Side }

const envOf = (side: Side) => (side === 'optional' || side === 'unsupported' ? side : 'required')

/** A file's path in the pack, or null when its name could climb out of the folder. */
export function packPath(file: Pick<PackFile, 'folder' | 'filename'>): string | null {
  const path = `${file.folder}/${file.filename}`
  return file.filename.includes('/') || file.filename.includes('\\') || isUnsafeEntryName(path) ? null : path
}

export type ModpackIndex = {
  formatVersion: 1
  game: 'minecraft'
  versionId: string
  name: string
  summary?: string
  files: { path: string; hashes: { sha1: string; sha512: string }; env: { client: string; server: string }; downloads: string[]; fileSize: number }[]
  dependencies: Record<string, string>
}

/** `modrinth.index.json` for these files (a file with an unsafe name is left out). */
export function buildModpackIndex(pack: { name: string; summary?: string | null; versionId: string; choice: ExportChoice; files: PackFile[] }): ModpackIndex {
  const dependencies: Record<string, string> = { minecraft: pack.choice.gameVersion }
  if (pack.choice.loader && pack.choice.loaderVersion) dependencies[LOADER_DEPENDENCY[pack.choice.loader]] = pack.choice.loaderVersion
  const files = pack.files.flatMap((f) => {
    const path = packPath(f)
    return path ? [{ path, hashes: { sha1: f.sha1, sha512: f.sha512 }, env: { client: envOf(f.clientSide), server: envOf(f.serverSide) }, downloads: [f.url], fileSize: f.size }] : []
  })
  return { formatVersion: 1, game: 'minecraft', versionId: pack.versionId, name: pack.name, ...(pack.summary ? { summary: pack.summary } : {}), files, dependencies }
}

/** A file name for the download: the collection's name in safe characters. */
export function exportFilename(name: string, choice: ExportChoice, ext: 'mrpack' | 'zip'): string {
  const base = name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'collection'
  return `${base}-${choice.gameVersion}${choice.loader ? `-${choice.loader}` : ''}.${ext}`
}
