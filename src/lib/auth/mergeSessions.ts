/** A session as Payload keeps it on the user (`users.sessions`). */
export type StoredSessionRow = { id: string; createdAt?: Date | string | null; expiresAt: Date | string }

/**
 * The sessions to store when a writer that read `base` (the session ids it saw) wants to store
 * `written`, while the account meanwhile has `current` (read under the account's lock): a three-way
 * merge, so that what others did in between survives. Sessions the writer dropped stay dropped;
 * sessions it added or changed are kept as it wrote them; a session that ended elsewhere since the
 * writer read (a sign-out) stays ended; one that began elsewhere since (a sign-in) is kept unless it
 * has expired. Without a known base the write stands as it is.
 */
export function mergeSessions<S extends StoredSessionRow>(written: readonly S[], base: ReadonlySet<string> | undefined, current: readonly S[], now = new Date()): S[] {
  if (!base) return [...written]
  const writtenIds = new Set(written.map((s) => s.id))
  const currentIds = new Set(current.map((s) => s.id))
  const kept = written.filter((s) => !base.has(s.id) || currentIds.has(s.id))
  const begunElsewhere = current.filter((s) => !base.has(s.id) && !writtenIds.has(s.id) && new Date(s.expiresAt).getTime() > now.getTime())
  return [...kept, ...begunElsewhere]
}

/**
 * The request-context key under which a write says "exactly these sessions, whatever began
 * meanwhile" (ending every session, or every other one, when a password changes): the value names
 * the ids written, so only that write is taken literally.
 */
export const EXACT_SESSIONS = 'sessionsExactly'
export const exactSessionsValue = (ids: readonly string[]): string => JSON.stringify([...ids].sort())
