import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'

import {
  DEFAULT_SETTINGS,
  parseProperties,
  propertiesRecord,
  serializeProperties,
  settingsToProperties,
  withProperties,
} from '../../lib/hosting/protocol'
import type { Plan } from '../runtime/types'
import { readOwnFile, writeFileAtomic } from './files'
import { resolveInside } from './paths'

const HEADER = '#Minecraft server properties (written by the Blockforge node agent; read at each start)\n'

/**
 * The properties a server starts with: what its file says, over that what the owner set, and last
 * what the node decides — its port, and offline mode (no session servers reachable from here).
 */
export function composeProperties(existing: string | null, owner: Record<string, string>, port: number, plan: Plan): string {
  let file = parseProperties(existing ?? HEADER)
  if (existing === null) {
    file = withProperties(file, { ...settingsToProperties(DEFAULT_SETTINGS), 'max-players': String(plan.max_players) } as Record<string, string>)
  }
  file = withProperties(file, { ...owner, 'server-port': String(port), 'online-mode': 'false' })
  return serializeProperties(file)
}

const propertiesFile = (dir: string) => resolveInside(dir, 'server.properties')

export async function readProperties(dir: string): Promise<Record<string, string>> {
  const text = await readOwnFile(propertiesFile(dir))
  return text === null ? {} : propertiesRecord(parseProperties(text))
}

/** Creates the folder (if new) and writes its server.properties. */
export async function writeServerFolder(dir: string, owner: Record<string, string>, port: number, plan: Plan): Promise<void> {
  await mkdir(dir, { recursive: true })
  const file = propertiesFile(dir)
  await writeFileAtomic(file, composeProperties(await readOwnFile(file), owner, port, plan))
}

/** Removes the world and the logs; server.properties (and whitelist.json) stay. */
export async function wipeWorld(dir: string): Promise<void> {
  for (const name of ['world', 'logs']) await rm(resolveInside(dir, name), { recursive: true, force: true })
}

export async function removeServerFolder(dir: string): Promise<void> {
  await rm(path.resolve(dir), { recursive: true, force: true })
}
