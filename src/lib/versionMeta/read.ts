/**
 * What an uploaded file says about itself (issue 13): loaders, game versions, a version number and
 * dependencies read from the metadata inside it, offered as the new version's defaults. Reads the
 * zip's directory and only the few small metadata entries (fflate's filter), never the classes.
 */
import { unzipSync } from 'fflate'
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'

import { matchGameVersions } from './ranges'

export type FileMeta = {
  /** Which metadata file was read. */
  source: string | null
  name: string | null
  versionNumber: string | null
  loaders: string[]
  gameVersions: string[]
  /** Mod ids this file requires or suggests (as the metadata names them). */
  dependencies: { id: string; kind: 'required' | 'optional' | 'incompatible' }[]
}

const EMPTY: FileMeta = { source: null, name: null, versionNumber: null, loaders: [], gameVersions: [], dependencies: [] }
const META_FILES = ['fabric.mod.json', 'quilt.mod.json', 'META-INF/neoforge.mods.toml', 'META-INF/mods.toml', 'paper-plugin.yml', 'plugin.yml', 'modrinth.index.json', 'pack.mcmeta']
const PLATFORM_IDS = new Set(['minecraft', 'java', 'fabricloader', 'fabric-loader', 'quilt_loader', 'quilt-loader', 'forge', 'neoforge', 'fabric', 'fabric-api-base'])
const usable = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 32 && !v.includes('${')

/** Only the metadata entries are inflated (fflate's filter); the rest of the archive is skipped. */
function entries(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: (f) => META_FILES.includes(f.name) && f.originalSize < 1024 * 1024 })
  } catch {
    return {}
  }
}

const text = (b: Uint8Array) => new TextDecoder().decode(b).replace(/^\uFEFF/, '')

function fabric(json: Record<string, unknown>, known: string[]): FileMeta {
  const depends = (json.depends ?? {}) as Record<string, string | string[]>
  const deps = [
    ...Object.keys(depends).filter((id) => !PLATFORM_IDS.has(id)).map((id) => ({ id, kind: 'required' as const })),
    ...Object.keys((json.recommends ?? json.suggests ?? {}) as object).filter((id) => !PLATFORM_IDS.has(id)).map((id) => ({ id, kind: 'optional' as const })),
    ...Object.keys((json.breaks ?? {}) as object).map((id) => ({ id, kind: 'incompatible' as const })),
  ]
  return { source: 'fabric.mod.json', name: typeof json.name === 'string' ? json.name : null, versionNumber: usable(json.version) ? json.version : null, loaders: ['fabric'], gameVersions: matchGameVersions(depends.minecraft, known), dependencies: deps }
}

function quilt(json: Record<string, unknown>, known: string[]): FileMeta {
  const loader = (json.quilt_loader ?? {}) as { version?: string; metadata?: { name?: string }; depends?: (string | { id: string; versions?: string | string[]; optional?: boolean })[]; breaks?: ({ id: string } | string)[] }
  const depends = (loader.depends ?? []).map((d) => (typeof d === 'string' ? { id: d } : d)) as { id: string; versions?: string | string[]; optional?: boolean }[]
  const mc = depends.find((d) => d.id === 'minecraft')
  return {
    source: 'quilt.mod.json',
    name: loader.metadata?.name ?? null,
    versionNumber: usable(loader.version) ? loader.version : null,
    loaders: ['quilt'],
    gameVersions: matchGameVersions(mc?.versions ?? null, known),
    dependencies: [
      ...depends.filter((d) => !PLATFORM_IDS.has(d.id)).map((d) => ({ id: d.id, kind: d.optional ? ('optional' as const) : ('required' as const) })),
      ...(loader.breaks ?? []).map((b) => ({ id: typeof b === 'string' ? b : b.id, kind: 'incompatible' as const })),
    ],
  }
}

function forgeToml(raw: string, loader: 'forge' | 'neoforge', source: string, known: string[]): FileMeta {
  const toml = parseToml(raw) as { mods?: { modId?: string; version?: string; displayName?: string }[]; dependencies?: Record<string, { modId: string; versionRange?: string; mandatory?: boolean; type?: string }[]> }
  const mod = toml.mods?.[0]
  const deps = (mod?.modId && toml.dependencies?.[mod.modId]) || Object.values(toml.dependencies ?? {})[0] || []
  const mc = deps.find((d) => d.modId === 'minecraft')
  return {
    source,
    name: mod?.displayName ?? null,
    versionNumber: usable(mod?.version) ? mod.version : null,
    loaders: [loader],
    gameVersions: matchGameVersions(mc?.versionRange ?? null, known),
    dependencies: deps
      .filter((d) => !PLATFORM_IDS.has(d.modId))
      .map((d) => ({ id: d.modId, kind: d.type === 'incompatible' ? ('incompatible' as const) : d.mandatory === false || d.type === 'optional' ? ('optional' as const) : ('required' as const) })),
  }
}

function plugin(raw: string, paper: boolean, known: string[]): FileMeta {
  const yml = (parseYaml(raw) ?? {}) as { name?: string; version?: string | number; 'api-version'?: string | number; depend?: string[]; softdepend?: string[]; dependencies?: { server?: Record<string, { required?: boolean }> } }
  const api = yml['api-version'] !== undefined ? String(yml['api-version']) : null
  const server = Object.entries(yml.dependencies?.server ?? {})
  return {
    source: paper ? 'paper-plugin.yml' : 'plugin.yml',
    name: yml.name ?? null,
    versionNumber: usable(String(yml.version ?? '')) ? String(yml.version) : null,
    loaders: paper ? ['paper'] : ['bukkit', 'spigot', 'paper'],
    gameVersions: api ? matchGameVersions(`>=${api}`, known) : [],
    dependencies: [
      ...(yml.depend ?? []).map((id) => ({ id, kind: 'required' as const })),
      ...(yml.softdepend ?? []).map((id) => ({ id, kind: 'optional' as const })),
      ...server.map(([id, d]) => ({ id, kind: d.required === false ? ('optional' as const) : ('required' as const) })),
    ],
  }
}

function modpack(json: { versionId?: string; name?: string; dependencies?: Record<string, string> }, known: string[]): FileMeta {
  const deps = json.dependencies ?? {}
  const loaderOf: Record<string, string> = { 'fabric-loader': 'fabric', 'quilt-loader': 'quilt', forge: 'forge', neoforge: 'neoforge' }
  return {
    source: 'modrinth.index.json',
    name: json.name ?? null,
    versionNumber: usable(json.versionId) ? json.versionId : null,
    loaders: Object.keys(deps).map((k) => loaderOf[k]).filter((l): l is string => !!l),
    gameVersions: deps.minecraft ? known.filter((v) => v === deps.minecraft) : [],
    dependencies: [],
  }
}

/**
 * Metadata of a jar, zip or .mrpack. `knownGameVersions` are the site's game version names (ranges
 * resolve to these). Anything unreadable gives empty defaults: the form still works by hand.
 */
export async function readFileMeta(bytes: Uint8Array, knownGameVersions: string[], projectType?: string): Promise<FileMeta> {
  const files = entries(bytes)
  try {
    if (files['fabric.mod.json']) return fabric(JSON.parse(text(files['fabric.mod.json'])), knownGameVersions)
    if (files['quilt.mod.json']) return quilt(JSON.parse(text(files['quilt.mod.json'])), knownGameVersions)
    if (files['META-INF/neoforge.mods.toml']) return forgeToml(text(files['META-INF/neoforge.mods.toml']), 'neoforge', 'META-INF/neoforge.mods.toml', knownGameVersions)
    if (files['META-INF/mods.toml']) return forgeToml(text(files['META-INF/mods.toml']), 'forge', 'META-INF/mods.toml', knownGameVersions)
    if (files['paper-plugin.yml']) return plugin(text(files['paper-plugin.yml']), true, knownGameVersions)
    if (files['plugin.yml']) return plugin(text(files['plugin.yml']), false, knownGameVersions)
    if (files['modrinth.index.json']) return modpack(JSON.parse(text(files['modrinth.index.json'])), knownGameVersions)
    if (files['pack.mcmeta']) return { ...EMPTY, source: 'pack.mcmeta', loaders: [projectType === 'datapack' ? 'datapack' : 'minecraft'] }
  } catch {
    return EMPTY
  }
  return EMPTY
}
