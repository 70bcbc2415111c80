import { downloadLink } from '@/plugins/hosting/service/backupDownload'
import { listBackups } from '@/plugins/hosting/service/backups'
import type { BackupRow } from '@/plugins/hosting/service/backupSync'

import type { RestoreState, SiteBackupState } from '../hosting/backups'
import type { Viewer } from './viewer'

/** One backup as the backups page shows it. */
export type BackupItem = {
  id: string
  name: string
  automated: boolean
  locked: boolean
  state: SiteBackupState
  progress: number
  reason: string | null
  size: number | null
  sha256: string | null
  createdAt: string
  restoreState: RestoreState | null
  restoreError: string | null
  /** Prepared and still working: the link and until when; `expired`: it was, and has run out. */
  download: { state: 'none' | 'preparing' | 'ready' | 'expired' | 'failed'; url?: string; expires?: string; error?: string | null }
}

export type BackupsPage = { items: BackupItem[]; slots: number; remaining: number; autoBackupHours: number | null; nodeAnswered: boolean }

const num = (v: string | number | null): number | null => (v === null || v === undefined ? null : Number(v))

async function itemOf(viewer: Viewer, server: { id: string; name: string }, row: BackupRow): Promise<BackupItem> {
  const link = await downloadLink(viewer.payload, server, row)
  const download: BackupItem['download'] = link
    ? { state: 'ready', url: link.url, expires: link.expires }
    : row.download_state === 'ready'
      ? { state: 'expired' }
      : row.download_state === 'failed'
        ? { state: 'failed', error: row.download_error }
        : { state: row.download_state === 'preparing' ? 'preparing' : 'none' }
  return {
    id: row.id,
    name: row.name,
    automated: row.automated,
    locked: row.locked,
    state: row.state,
    progress: num(row.progress) ?? 0,
    reason: row.reason,
    size: num(row.size),
    sha256: row.sha256,
    createdAt: new Date(row.created_at).toISOString(),
    restoreState: row.restore_state,
    restoreError: row.restore_error,
    download,
  }
}

/** A server's backups for its backups page (owner or staff; otherwise the service's not found), up to date with its node. */
export async function backupsPage(viewer: Viewer & { user: NonNullable<Viewer['user']> }, server: { id: string; name: string }): Promise<BackupsPage> {
  const view = await listBackups(viewer.payload, viewer.user, server.id)
  const items = await Promise.all(view.backups.map((row) => itemOf(viewer, server, row)))
  return { items, slots: view.slots, remaining: view.remaining, autoBackupHours: view.autoBackupHours, nodeAnswered: view.nodeAnswered }
}
