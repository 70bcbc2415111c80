import type { Payload } from 'payload'

import { sqlPool } from './sql'

/**
 * Takes an authorization code out of the table in one statement: of two requests racing with the
 * same code, exactly one gets it (a Payload find-then-delete would let both through).
 */
export async function consumeCode(payload: Payload, codeHash: string): Promise<boolean> {
  const result = await sqlPool(payload).query('DELETE FROM "oauth_codes" WHERE "code_hash" = $1 RETURNING "id"', [codeHash])
  return (result.rowCount ?? 0) > 0
}
