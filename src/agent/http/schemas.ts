import { z } from 'zod'

import { isPropertyKey, MAX_COMMAND_LENGTH, POWER_ACTIONS, propertyProblem } from '../../lib/hosting/protocol'
import { startupSchema } from '../../lib/hosting/startup'
import { BACKUP_UUID_PATTERN } from '../servers/backupStore'
import { DEFAULT_GAME_VERSION, FLYING_SQUID } from '../servers/gameVersions'
import { HttpError } from './errors'

/** The agent's request bodies and queries: every input is checked here before it reaches a server. */

const plan = z.object({
  ram_mb: z.number().int().min(64).max(1_048_576),
  swap_mb: z.number().int().min(0).max(1_048_576).nullish().transform((v) => v ?? 0),
  cpu_cores: z.number().positive().max(256),
  storage_mb: z.number().int().min(1).max(1 << 30),
  max_players: z.number().int().min(1).max(1000),
})

/**
 * server.properties entries. Known keys must hold values the game accepts; other keys (a newer
 * game's, or the owner's own) pass as one line of text, and are kept in the file as they are.
 */
export const properties = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a property name is letters, digits, dots, dashes or underscores'),
    z.union([z.string().max(1000), z.number(), z.boolean()]).transform(String),
  )
  .superRefine((record, ctx) => {
    for (const [key, value] of Object.entries(record)) {
      const problem = isPropertyKey(key) ? propertyProblem(key, value) : /[\r\n]/.test(value) ? `${key} must be one line.` : null
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem })
    }
  })

export const installBody = z.object({
  plan,
  loader: z.string().regex(/^[a-z0-9_.-]{1,32}$/).nullish().transform((v) => v ?? FLYING_SQUID),
  game_version: z.string().regex(/^\d{1,2}\.\d{1,3}(\.\d{1,3})?$/).nullish().transform((v) => v ?? DEFAULT_GAME_VERSION),
  properties: properties.nullish().transform((v) => v ?? {}),
  port: z.number().int().min(1).max(65535).nullish().transform((v) => v ?? undefined),
  // Checked below against the plan's memory; absent: the server keeps what it had.
  startup: z.unknown().optional(),
})
  .transform((body, ctx) => {
    if (body.startup === undefined) return { ...body, startup: undefined }
    // The site's own allow-list and heap bounds (src/lib/hosting/startup.ts), checked again here.
    const startup = startupSchema(body.plan.ram_mb).safeParse(body.startup ?? {})
    if (startup.success) return { ...body, startup: startup.data }
    for (const issue of startup.error.issues) ctx.addIssue({ code: 'custom', path: ['startup', ...issue.path.map(String)], message: issue.message })
    return z.NEVER
  })

export const powerBody = z.object({
  // Modrinth's API says Start/Stop/Restart/Kill; either case is taken.
  action: z.string().transform((v) => v.toLowerCase()).pipe(z.enum(POWER_ACTIONS)),
})

export const commandLine = z
  .string()
  .min(1)
  .max(MAX_COMMAND_LENGTH)
  .refine((v) => !/[\r\n\0]/.test(v), 'A command is one line.')

export const commandBody = z.object({ line: commandLine })

export const propertiesBody = z.object({ properties })

export const logsQuery = z.object({
  lines: z.coerce.number().int().min(1).max(1000).default(100),
})

/** `schema`'s reading of `input`, or a 400 naming every problem. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const problems = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
  throw new HttpError(400, 'bad_request', problems.join('; '))
}

// The file API's paths: '/'-separated, relative to the server's folder (checked again, name by
// name, by requestSegments before any file is touched).
const filePath = z.string().max(4096)
const pathList = z.array(filePath).min(1).max(100)

export const pathQuery = z.object({ path: filePath.default('') })

export const pathBody = z.object({ path: filePath })

export const writeBody = z.object({ path: filePath, content: z.string().refine((c) => Buffer.byteLength(c) <= 4 * 1024 * 1024, 'A file saved from the editor is at most 4 MiB.') })

export const renameBody = z.object({ from: filePath, to: filePath })

export const deleteBody = z.object({ paths: pathList })

export const compressBody = z.object({ paths: pathList, directory: filePath.nullish() })

const byteCount = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

export const uploadQuery = z.object({ path: filePath.min(1), size: byteCount })

export const uploadChunkQuery = uploadQuery.extend({ offset: byteCount })

// Backups: the uuid is the site's (it names the archive's file); the ignore list is gitignore's.
export const backupBody = z.object({
  uuid: z.string().regex(BACKUP_UUID_PATTERN, 'a backup uuid is 1 to 64 letters, digits, dashes or underscores'),
  name: z
    .string()
    .max(200)
    .refine((v) => ![...v].some((c) => c < ' ' || c === '\u007f'), 'A name is one line of text.')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  ignore: z.array(z.string().max(4096)).max(1000).nullish().transform((v) => v ?? []),
})

/** A chunk of a backup brought from another node: the whole archive's size and SHA-256, its name and when it was made. */
export const backupImportQuery = z.object({
  size: byteCount,
  offset: byteCount,
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 is 64 lowercase hex digits'),
  name: z.string().max(200).optional().transform((v) => (v?.trim() ? v.trim() : null)),
  created_at: z.iso.datetime(),
})
