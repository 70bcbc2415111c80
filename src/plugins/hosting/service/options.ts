import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import { maxPlayersOf } from '../../../lib/hosting/plans'
import { preferencesOf, type ServerPreferences } from '../../../lib/hosting/preferences'
import { optionsLocked } from '../../../lib/hosting/status'
import { checkStartup, type Startup } from '../../../lib/hosting/startup'
import { runningNode, serverFor, viaAgent } from './acts'
import { agentOf } from './agent'
import { recordAct } from './audit'
import { db, inTransaction, sql } from './db'
import { HostingError, type PlanRow } from './rows'

/*
 * The owner's (or staff's) startup settings and preferences of a server (spec §2 "options/startup",
 * "options/preferences"). Each save is checked here, recorded in the server's acts, and — for
 * startup — sent to the node first, so nothing is stored that the node refused.
 */

export type StartupView = { startup: Startup; ramMiB: number }

const planOf = (payload: Payload, productId: string) =>
  db(payload).one<PlanRow>(sql`SELECT key, kind, cpus, ram_mi_b, swap_mi_b, storage_mi_b FROM billing_products WHERE id = ${productId}`)

/** The stored startup settings and the plan's memory they are bounded by. */
export async function readStartup(payload: Payload, actor: Actor, id: string): Promise<StartupView> {
  const server = await serverFor(payload, actor, id)
  const plan = await planOf(payload, server.product_id)
  return { startup: (server.startup as Startup | null) ?? {}, ramMiB: Number(plan?.ram_mi_b ?? 0) }
}

/**
 * Saves the game's heap cap (null: Automatic) and extra Node flags: checked against the plan and the
 * allow-list (every refused flag named, nothing saved), sent to the node (`PUT /servers/:id`
 * `startup`), then stored. They apply at the next start.
 */
export async function writeStartup(payload: Payload, actor: Actor, id: string, input: { heap_mb: number | null; flags: string[] }): Promise<Startup> {
  const server = await serverFor(payload, actor, id)
  if (optionsLocked(server.status)) throw new HostingError('Options are locked while the server installs.')
  const plan = await planOf(payload, server.product_id)
  const ramMiB = Number(plan?.ram_mi_b ?? 0)
  const check = checkStartup(input, ramMiB)
  if (!check.ok) throw new HostingError(`${check.problems.join(' ')} Nothing was saved.`)
  const node = await runningNode(payload, server)
  await viaAgent(() =>
    agentOf(node).install(id, {
      plan: { ram_mb: ramMiB, swap_mb: Number(plan?.swap_mi_b ?? 0), cpu_cores: Number(plan?.cpus ?? 1), storage_mb: Number(plan?.storage_mi_b ?? 1024), max_players: maxPlayersOf(plan?.key ?? '') },
      game_version: server.game_version,
      loader: server.loader,
      ...(server.port ? { port: Number(server.port) } : {}),
      startup: check.startup,
    }),
  )
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET startup = ${JSON.stringify(check.startup)}::jsonb, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'startup', detail: check.startup })
  })
  return check.startup
}

export async function readPreferences(payload: Payload, actor: Actor, id: string): Promise<ServerPreferences> {
  return preferencesOf((await serverFor(payload, actor, id)).preferences)
}

/** Saves the server's preferences (the site's alone: the node is not asked). */
export async function writePreferences(payload: Payload, actor: Actor, id: string, preferences: ServerPreferences): Promise<void> {
  await serverFor(payload, actor, id)
  const value = preferencesOf(preferences)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET preferences = ${JSON.stringify(value)}::jsonb, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'preferences', detail: value })
  })
}
