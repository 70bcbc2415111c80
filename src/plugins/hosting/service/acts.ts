import type { Payload } from 'payload'

import { mayActOnServer } from '../../../access/hosting'
import type { Actor } from '../../../access/core/roles'
import { env } from '../../../lib/env'
import { maxPlayersOf } from '../../../lib/hosting/plans'
import { isPowerAction, optionsLocked, type PowerAction } from '../../../lib/hosting/status'
import { checkSubdomain } from '../../../lib/hosting/subdomain'
import { agentOf, AgentRefused, AgentUnreachable } from './agent'
import { recordAct } from './audit'
import { db, inTransaction, sql } from './db'
import { nodeOf } from './nodes'
import { HostingError, type NodeRow, type ServerRow } from './rows'

export class ServerNotFound extends HostingError {
  constructor() {
    super('Server not found')
  }
}

/** The server, when the actor may act on it (owner or staff); otherwise not found, as if it did not exist. */
export async function serverFor(payload: Payload, actor: Actor | null, id: string): Promise<ServerRow> {
  const row = await db(payload).one<ServerRow>(sql`SELECT * FROM servers WHERE id = ${id}`)
  if (!row || !mayActOnServer(actor, row.owner_id)) throw new ServerNotFound()
  return row
}

export async function runningNode(payload: Payload, server: ServerRow): Promise<NodeRow> {
  if (server.status === 'suspended') throw new HostingError('This server is suspended.')
  if (server.status === 'installing') throw new HostingError('This server is still installing.')
  if (server.status === 'unprovisioned' || !server.node_id) throw new HostingError('This server is not set up yet.')
  const node = await nodeOf(db(payload), server.node_id)
  if (!node) throw new HostingError('This server is not set up yet.')
  return node
}

/** Agent errors in the owner's words; the node being down is said plainly. */
export async function viaAgent<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof AgentUnreachable) throw new HostingError('The server’s machine is not answering. Try again in a minute.')
    if (error instanceof AgentRefused) throw new HostingError(error.message)
    throw error
  }
}

export async function power(payload: Payload, actor: Actor, id: string, action: PowerAction | string): Promise<void> {
  if (!isPowerAction(action)) throw new HostingError('Unknown action.')
  const server = await serverFor(payload, actor, id)
  const node = await runningNode(payload, server)
  const state = await viaAgent(() => agentOf(node).power(id, action))
  await inTransaction(payload, async (tx) => {
    // A broken server that starts again is followed like a new install (ready or broken again).
    if (server.status === 'broken' && (action === 'start' || action === 'restart')) {
      await tx.rows(sql`UPDATE servers SET status = 'installing', last_error = NULL, status_changed_at = now() WHERE id = ${id}`)
    }
    await tx.rows(sql`UPDATE servers SET power_state = ${state.state}, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: `power ${action}` })
  })
}

export async function command(payload: Payload, actor: Actor, id: string, line: string): Promise<void> {
  const text = line.trim()
  if (!text || text.length > 512) throw new HostingError('Enter a command (at most 512 characters).')
  const server = await serverFor(payload, actor, id)
  const node = await runningNode(payload, server)
  await viaAgent(() => agentOf(node).command(id, text))
  await inTransaction(payload, (tx) => recordAct(tx, { serverId: id, actorId: actor.id, act: 'command', detail: { line: text } }))
}

export async function rename(payload: Payload, actor: Actor, id: string, name: string): Promise<void> {
  const clean = name.trim()
  if (!clean || clean.length > 64) throw new HostingError('A server name is 1 to 64 characters.')
  await serverFor(payload, actor, id)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET name = ${clean}, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'rename', detail: { name: clean } })
  })
}

/**
 * Unsticks a server (their users' top complaint): `reset` kills the game and marks it stopped;
 * `reinstall` wipes the world (properties kept) and installs again. Both are allowed while broken.
 */
export async function repair(payload: Payload, actor: Actor, id: string, how: 'reset' | 'reinstall'): Promise<void> {
  const server = await serverFor(payload, actor, id)
  if (server.status === 'suspended' || server.status === 'unprovisioned' || !server.node_id) throw new HostingError('This server is not set up yet.')
  const node = await nodeOf(db(payload), server.node_id)
  if (!node) throw new HostingError('This server is not set up yet.')
  const agent = agentOf(node)
  if (how === 'reset') {
    await viaAgent(() => agent.reset(id))
    await inTransaction(payload, async (tx) => {
      await tx.rows(sql`UPDATE servers SET status = 'available', power_state = 'stopped', last_error = NULL, status_changed_at = now(), updated_at = now() WHERE id = ${id}`)
      await recordAct(tx, { serverId: id, actorId: actor.id, act: 'reset' })
    })
    return
  }
  await viaAgent(async () => {
    await agent.reinstall(id)
    await agent.power(id, 'start')
  })
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET status = 'installing', power_state = 'starting', last_error = NULL, status_changed_at = now(), updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'reinstall' })
  })
}

/** `server.properties` on the node, read for the properties form. */
export async function readProperties(payload: Payload, actor: Actor, id: string): Promise<Record<string, string>> {
  const server = await serverFor(payload, actor, id)
  const node = await runningNode(payload, server)
  return (await viaAgent(() => agentOf(node).properties(id))).properties
}

/** Writes `server.properties` (applied on the next start) and keeps a copy for a reinstall. */
export async function writeProperties(payload: Payload, actor: Actor, id: string, properties: Record<string, string>): Promise<void> {
  const server = await serverFor(payload, actor, id)
  if (optionsLocked(server.status)) throw new HostingError('Options are locked while the server installs.')
  const node = await runningNode(payload, server)
  await viaAgent(() => agentOf(node).setProperties(id, properties))
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET properties = ${JSON.stringify(properties)}::jsonb, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'properties', detail: properties })
  })
}

/** The loaders known on the site; a node offers those its runtime can install (spec §2 "options/loader"). */
export const KNOWN_LOADERS = ['flying-squid', 'paper', 'fabric', 'forge', 'neoforge', 'quilt', 'purpur'] as const

export type LoaderChoices = { gameVersions: string[]; loaders: { name: string; available: boolean }[] }

/** What the server's node can install: its game versions and loaders (the rest offered disabled, with the reason). */
export async function loaderChoices(payload: Payload, actor: Actor, id: string): Promise<LoaderChoices> {
  const server = await serverFor(payload, actor, id)
  const node = await runningNode(payload, server)
  const health = await viaAgent(() => agentOf(node).health())
  return { gameVersions: [...health.game_versions].reverse(), loaders: KNOWN_LOADERS.map((name) => ({ name, available: health.loaders.includes(name) })) }
}

/**
 * Moves the server to another game version the node offers: installed again with the new version
 * (the world is kept), then started again if it was running.
 */
export async function setGameVersion(payload: Payload, actor: Actor, id: string, version: string): Promise<void> {
  const server = await serverFor(payload, actor, id)
  if (optionsLocked(server.status)) throw new HostingError('Options are locked while the server installs.')
  const { gameVersions } = await loaderChoices(payload, actor, id)
  if (!gameVersions.includes(version)) throw new HostingError('This node does not offer that game version.')
  if (version === server.game_version) return
  const node = await runningNode(payload, server)
  const agent = agentOf(node)
  const plan = await db(payload).one<{ key: string; cpus: string | null; ram_mi_b: string | null; swap_mi_b: string | null; storage_mi_b: string | null }>(
    sql`SELECT key, cpus, ram_mi_b, swap_mi_b, storage_mi_b FROM billing_products WHERE id = ${server.product_id}`,
  )
  const wasRunning = server.power_state === 'running' || server.power_state === 'starting'
  await viaAgent(async () => {
    if (wasRunning) {
      await agent.power(id, 'stop')
      // The stop saves the world first; the node answers once it has begun.
      const until = Date.now() + 45_000
      while ((await agent.state(id)).state !== 'stopped') {
        if (Date.now() > until) throw new HostingError('The server did not stop in time. Try again, or kill it first.')
        await new Promise((r) => setTimeout(r, 250))
      }
    }
    const state = await agent.install(id, {
      plan: { ram_mb: Number(plan?.ram_mi_b ?? 1024), swap_mb: Number(plan?.swap_mi_b ?? 0), cpu_cores: Number(plan?.cpus ?? 1), storage_mb: Number(plan?.storage_mi_b ?? 1024), max_players: maxPlayersOf(plan?.key ?? '') },
      game_version: version,
      loader: server.loader,
      port: Number(server.port),
    })
    if (state.installation && !state.installation.ok) throw new AgentRefused(422, state.installation.reason ?? 'This node cannot install that version.')
  })
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET game_version = ${version}, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'game version', detail: { from: server.game_version, to: version } })
  })
  if (wasRunning) await power(payload, actor, id, 'start')
}

/**
 * Reserves a subdomain of HOSTING_DOMAIN for the server (unique across the site), or frees it
 * (an empty value). Refused when the site offers none.
 */
export async function reserveSubdomain(payload: Payload, actor: Actor, id: string, input: string): Promise<string | null> {
  await serverFor(payload, actor, id)
  if (!env.hostingDomain()) throw new HostingError('Subdomains are not offered on this site.')
  const wanted = input.trim()
  let value: string | null = null
  if (wanted) {
    const check = checkSubdomain(wanted)
    if (!check.ok) throw new HostingError(check.reason)
    value = check.value
  }
  const taken = new HostingError('That subdomain is taken. Pick another.')
  try {
    await inTransaction(payload, async (tx) => {
      if (value && (await tx.one(sql`SELECT 1 FROM servers WHERE subdomain = ${value} AND id <> ${id}`))) throw taken
      await tx.rows(sql`UPDATE servers SET subdomain = ${value}, updated_at = now() WHERE id = ${id}`)
      await recordAct(tx, { serverId: id, actorId: actor.id, act: 'subdomain', detail: { subdomain: value } })
    })
  } catch (error) {
    // Two owners asking for the same name at once: the unique index decides, the loser is told plainly.
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') throw taken
    throw error
  }
  return value
}
