import type { Payload } from 'payload'

import { sqlPool } from './sql'

/*
 * "Last used" bookkeeping, written as one column by plain SQL. A Payload update writes the whole
 * document back from what it read, so a fire-and-forget one racing a real edit (a token's new expiry
 * or scopes) could undo that edit. These touch nothing but the timestamp, and never fail a request.
 */

export function markTokenUsed(payload: Payload, id: string, at = new Date()): void {
  void sqlPool(payload)
    .query('UPDATE "access_tokens" SET "last_used" = $1 WHERE "id" = $2', [at.toISOString(), id])
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not note a token’s last use' }))
}

export function markOAuthTokenUsed(payload: Payload, id: string | number, at = new Date()): void {
  void sqlPool(payload)
    .query('UPDATE "oauth_tokens" SET "last_used" = $1 WHERE "id" = $2', [at.toISOString(), id])
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not note an OAuth token’s last use' }))
}

export function markSessionUsed(payload: Payload, sid: string, at = new Date()): void {
  void sqlPool(payload)
    .query('UPDATE "session_details" SET "last_accessed" = $1 WHERE "sid" = $2', [at.toISOString(), sid])
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not note a session’s last use' }))
}
