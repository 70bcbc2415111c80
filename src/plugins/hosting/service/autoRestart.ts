import type { Payload } from 'payload'

import { agentOf, AgentRefused, AgentUnreachable } from './agent'
import { recordAct } from './audit'
import { db, inTransaction, sql, type Tx } from './db'
import { nodeOf } from './nodes'

/** At most this many automatic restarts of one server within AUTO_RESTART_WINDOW_MS… */
export const AUTO_RESTART_LIMIT = 3
export const AUTO_RESTART_WINDOW_MS = 10 * 60_000
/** …then it is left crashed: a server that keeps crashing needs its owner, not a loop. */
const GAVE_UP = 'auto restart given up'
const RESTARTED = 'auto restart'

type Row = { id: string; node_id: string; power_state: string | null }

/**
 * "Restart when it crashes" (preferences.autoRestart; run by the hostingReconcile job): asks the
 * node of each ready server that wants it whether its game crashed — an exit nobody asked for, never
 * a stop — and starts it again, each restart in the server's acts. The restarts of the last ten
 * minutes are counted from those acts; past the limit the server stays crashed, its last log lines
 * kept in `last_error` and in the act that says so. Returns how many it restarted.
 */
export async function autoRestartCrashed(payload: Payload, now = new Date()): Promise<number> {
  const rows = await db(payload).rows<Row>(sql`
    SELECT id, node_id, power_state FROM servers
    WHERE status = 'available' AND node_id IS NOT NULL AND (preferences->>'autoRestart')::boolean IS TRUE
      AND power_state IS DISTINCT FROM 'unreachable'
    ORDER BY id LIMIT 200`)
  let restarted = 0
  for (const row of rows) {
    try {
      if (await inTransaction(payload, (tx) => restartIfCrashed(tx, row.id, now))) restarted++
    } catch (error) {
      payload.logger.error({ err: error, msg: 'Hosting auto restart failed', server: row.id })
    }
  }
  return restarted
}

async function restartIfCrashed(tx: Tx, serverId: string, now: Date): Promise<boolean> {
  // The reconciler's lock: one runner acts on a server at a time (src/plugins/hosting/service/provision.ts).
  const locked = await tx.one<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${`server:${serverId}`}, 0)) AS ok`)
  if (!locked?.ok) return false
  const row = await tx.one<Row & { status: string }>(sql`SELECT id, node_id, power_state, status FROM servers WHERE id = ${serverId}`)
  if (!row || row.status !== 'available' || !row.node_id) return false
  const node = await nodeOf(tx, row.node_id)
  if (!node) return false
  const agent = agentOf(node)
  let state
  try {
    state = await agent.state(serverId)
  } catch (error) {
    if (error instanceof AgentUnreachable || error instanceof AgentRefused) return false
    throw error
  }
  if (state.state !== 'crashed') return false
  const lines = state.last_log_lines ?? []
  const since = new Date(now.getTime() - AUTO_RESTART_WINDOW_MS)
  const recent = await tx.one<{ n: string }>(sql`SELECT count(*) AS n FROM server_acts WHERE server_id = ${serverId} AND act = ${RESTARTED} AND created_at > ${since}`)
  const count = Number(recent?.n ?? 0)
  if (count >= AUTO_RESTART_LIMIT) {
    if (row.power_state === 'crashed') return false // already given up on this crash
    const error = [state.last_error, ...lines].filter(Boolean).join('\n') || 'The server crashed.'
    await tx.rows(sql`UPDATE servers SET power_state = 'crashed', last_error = ${error}, updated_at = ${now} WHERE id = ${serverId}`)
    await recordAct(tx, { serverId, actorId: null, act: GAVE_UP, detail: { restarts: count, windowMinutes: AUTO_RESTART_WINDOW_MS / 60_000, lastError: state.last_error ?? null, lastLines: lines } })
    return false
  }
  try {
    await agent.power(serverId, 'start')
  } catch (error) {
    if (error instanceof AgentUnreachable || error instanceof AgentRefused) return false
    throw error
  }
  await tx.rows(sql`UPDATE servers SET power_state = 'starting', last_error = NULL, updated_at = ${now} WHERE id = ${serverId}`)
  await recordAct(tx, { serverId, actorId: null, act: RESTARTED, detail: { attempt: count + 1, lastError: state.last_error ?? null, lastLines: lines } })
  return true
}
