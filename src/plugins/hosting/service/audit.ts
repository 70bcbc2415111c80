import { base62Id } from '../../../lib/ids'
import { sql, type Tx } from './db'

/** Records an act on a server: who (null: the site itself), what, and its details. */
export async function recordAct(tx: Tx, input: { serverId: string; actorId: string | null; act: string; detail?: Record<string, unknown> }): Promise<void> {
  await tx.rows(sql`
    INSERT INTO server_acts (id, server_id, actor_id, act, detail, updated_at, created_at)
    VALUES (${base62Id()}, ${input.serverId}, ${input.actorId}, ${input.act}, ${input.detail ? JSON.stringify(input.detail) : null}::jsonb, now(), now())`)
}
