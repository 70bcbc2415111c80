/**
 * Server backups on the site's side (spec §3 "Server backup", §4 backup states; issue 32): how many
 * a plan keeps, which automated one the rolling deletion removes, when the next automated one is
 * due, and the signed, expiring download link. Pure: the service (src/plugins/hosting/service/
 * backups.ts) reads and writes the records and talks to the node.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

import { customPlanGib } from './customPlan'

/** A backup as the site records it: waiting for its turn on the node, being made, made, or failed. */
export const BACKUP_STATES = ['queued', 'creating', 'ready', 'failed'] as const
export type SiteBackupState = (typeof BACKUP_STATES)[number]
/** A restore under way, or the last one failed (null: none, or it succeeded). */
export const RESTORE_STATES = ['restoring', 'failed'] as const
export type RestoreState = (typeof RESTORE_STATES)[number]
/** Preparing a download: the archive made reachable through a link valid for a while. */
export const DOWNLOAD_STATES = ['preparing', 'ready', 'failed'] as const
export type DownloadState = (typeof DOWNLOAD_STATES)[number]

/** Modrinth's auto-backup choices, in hours. */
export const BACKUP_INTERVALS = [3, 6, 12, 24] as const
export type BackupInterval = (typeof BACKUP_INTERVALS)[number]
export const isBackupInterval = (v: unknown): v is BackupInterval => typeof v === 'number' && (BACKUP_INTERVALS as readonly number[]).includes(v)

/** How long a prepared download link works. */
export const DOWNLOAD_LINK_MINUTES = 60

export const BACKUP_NAME_MAX = 48

/** Backup slots per plan: the trial one, then more with the plan's size (custom plans by their RAM). */
const SLOTS: Record<string, number> = { trial: 1, 'server-small': 3, 'server-medium': 5, 'server-large': 8 }

export function backupSlots(planKey: string): number {
  const gib = customPlanGib(planKey)
  if (gib !== null) return gib <= 2 ? 3 : gib <= 4 ? 5 : 8
  return SLOTS[planKey] ?? 1
}

export type BackupFacts = { id: string; automated: boolean; locked: boolean; state: SiteBackupState; restoreState: RestoreState | null; createdAt: string }

/** Every record holds a slot, failed ones too (they can be retried): deleting one frees it. */
export const slotsRemaining = (backups: readonly BackupFacts[], slots: number): number => Math.max(0, slots - backups.length)

/**
 * What the rolling deletion removes to make room for a new automated backup: the oldest automated
 * one that is not locked and not in use (being made or restored). Null: nothing may go, so the
 * automated backup is skipped; a manual backup never rolls anything away.
 */
export function rollingVictim(backups: readonly BackupFacts[]): BackupFacts | null {
  const candidates = backups.filter((b) => b.automated && !b.locked && (b.state === 'ready' || b.state === 'failed') && b.restoreState !== 'restoring')
  return candidates.reduce<BackupFacts | null>((oldest, b) => (!oldest || b.createdAt < oldest.createdAt ? b : oldest), null)
}

/**
 * Whether an automated backup is due: `hours` after the last automated one, or after auto-backup
 * was turned on when there is none since.
 */
export function autoBackupDue(hours: number | null | undefined, lastAutomatedAt: string | null, enabledAt: string | null, now: Date): boolean {
  if (!hours || !isBackupInterval(hours)) return false
  const since = [lastAutomatedAt, enabledAt].filter((d): d is string => !!d).sort().at(-1)
  return !since || now.getTime() - new Date(since).getTime() >= hours * 3_600_000
}

/** A backup's name: the owner's, trimmed, or one from the time it was asked for (UTC). */
export function backupName(name: string | null | undefined, automated: boolean, at: Date): string {
  const clean = (name ?? '').trim().replace(/\s+/g, ' ').slice(0, BACKUP_NAME_MAX)
  if (clean) return clean
  const stamp = at.toISOString().slice(0, 16).replace('T', ' ')
  return `${automated ? 'Automatic backup' : 'Backup'} ${stamp} UTC`
}

const signature = (secret: string, backupId: string, expires: number) => createHmac('sha256', secret).update(`backup-download\n${backupId}\n${expires}`).digest('hex')

/** The query of a download link for one backup, valid until `expires` (ms since the epoch). */
export const signDownload = (secret: string, backupId: string, expires: number): { expires: string; sig: string } => ({ expires: String(expires), sig: signature(secret, backupId, expires) })

/** Whether a link's query is ours for this backup, and whether it still works at `now`. */
export function checkDownload(secret: string, backupId: string, query: { expires?: string | null; sig?: string | null }, now: number): 'ok' | 'expired' | 'invalid' {
  const expires = Number(query.expires)
  if (!query.sig || !/^[0-9a-f]{64}$/.test(query.sig) || !Number.isSafeInteger(expires)) return 'invalid'
  const expected = Buffer.from(signature(secret, backupId, expires), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(query.sig, 'hex'))) return 'invalid'
  return expires > now ? 'ok' : 'expired'
}
