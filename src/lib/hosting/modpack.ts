/**
 * Installing a modpack on a server (issue 32 item 3): what a `.mrpack` puts in the server's folder.
 * Modrinth's format (`modrinth.index.json`, format 1): `files` to fetch by hash into their `path`,
 * except those whose `env.server` is `unsupported` (client-only); then `overrides/` and, over them,
 * `server-overrides/` copied as they are (`client-overrides/` is the client's). Pure: the service
 * (src/plugins/hosting/service/modpack.ts) reads the archive, finds each file in the catalogue and
 * sends it to the node, which confines every path to the server's folder once more.
 */
import { z } from 'zod'

import { isUnsafeEntryName } from '../files/archive'

const hex = (n: number) => z.string().regex(new RegExp(`^[0-9a-f]{${n}}$`))
const side = z.enum(['required', 'optional', 'unsupported']).optional()

const indexSchema = z.object({
  formatVersion: z.literal(1),
  game: z.literal('minecraft'),
  versionId: z.string().max(200),
  name: z.string().max(200),
  files: z
    .array(
      z.object({
        path: z.string().min(1).max(500),
        hashes: z.object({ sha1: hex(40), sha512: hex(128) }),
        env: z.object({ client: side, server: side }).optional(),
        fileSize: z.number().int().min(0),
        downloads: z.array(z.string()).max(20).default([]),
      }),
    )
    .max(2000),
  dependencies: z.record(z.string(), z.string()).default({}),
})

export type ModpackIndex = z.infer<typeof indexSchema>
export type PackDownload = { path: string; sha512: string; size: number }
export type PackPlan = { name: string; versionId: string; downloads: PackDownload[]; overrides: Map<string, Uint8Array>; clientOnly: number; dependencies: Record<string, string> }

export const NOT_A_MODPACK = 'This is not a modpack: its file has no valid modrinth.index.json.'

/** A path inside the server's folder: '/'-separated, relative, nothing that climbs out. */
const safePath = (p: string): boolean => p.length > 0 && !p.endsWith('/') && !p.includes('\\') && !p.includes('\0') && !isUnsafeEntryName(p)

/**
 * What a modpack's archive entries (name → bytes) install, or why not. A file entry or override
 * with an unsafe path makes the whole pack refused: it is not a pack anyone should run.
 */
export function modpackPlan(entries: Record<string, Uint8Array>): PackPlan | { error: string } {
  const raw = entries['modrinth.index.json']
  if (!raw) return { error: NOT_A_MODPACK }
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(raw))
  } catch {
    return { error: NOT_A_MODPACK }
  }
  const parsed = indexSchema.safeParse(json)
  if (!parsed.success) return { error: NOT_A_MODPACK }
  const index = parsed.data
  const unsafe = index.files.find((f) => !safePath(f.path))
  if (unsafe) return { error: `This modpack has a file that would leave the server’s folder (${unsafe.path.slice(0, 100)}).` }
  const forServer = index.files.filter((f) => f.env?.server !== 'unsupported')
  const overrides = new Map<string, Uint8Array>()
  for (const prefix of ['overrides/', 'server-overrides/']) {
    for (const [name, data] of Object.entries(entries)) {
      if (!name.startsWith(prefix) || name.endsWith('/')) continue
      const path = name.slice(prefix.length)
      if (!safePath(path)) return { error: `This modpack has a file that would leave the server’s folder (${name.slice(0, 100)}).` }
      overrides.set(path, data)
    }
  }
  return {
    name: index.name,
    versionId: index.versionId,
    downloads: forServer.map((f) => ({ path: f.path, sha512: f.hashes.sha512, size: f.fileSize })),
    overrides,
    clientOnly: index.files.length - forServer.length,
    dependencies: index.dependencies,
  }
}
