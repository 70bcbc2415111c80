'use server'

import { z } from 'zod'

import { BACKUP_INTERVALS, BACKUP_NAME_MAX } from '@/lib/hosting/backups'
import { prepareDownload } from '@/plugins/hosting/service/backupDownload'
import { cancelBackup, createBackup, deleteBackup, lockBackup, renameBackup, restoreBackup, retryBackup, setAutoBackup } from '@/plugins/hosting/service/backups'

import { runServerDone, serverId, type ServerState } from './runServerAction'

/*
 * The backups page's acts. As every server action: the session's user only, input checked with zod,
 * the hosting service decides whether the server is theirs (a stranger's is not found). A refusal's
 * text is the reason; the page shows it under the spec's title for that act (a toast).
 */

const text = (form: FormData, name: string) => form.get(name) ?? undefined
const backupId = z.string().regex(/^[A-Za-z0-9]{1,64}$/)

const create = z.object({ server: serverId, name: z.string().max(200).optional() })

export async function createBackupAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return runServerDone(create, { server: text(form, 'server'), name: text(form, 'name') }, async (viewer, i, t) => {
    const made = await createBackup(viewer.payload, viewer.user, i.server, i.name ?? null)
    return t('backups.created', { name: made.name })
  })
}

const OPS = ['retry', 'cancel', 'delete', 'lock', 'unlock', 'restore', 'prepare', 'rename'] as const
const one = z.object({ server: serverId, backup: backupId, op: z.enum(OPS), name: z.string().max(BACKUP_NAME_MAX * 4).optional() })

/** One backup's buttons: which act is the submit button's `op`. */
export async function backupAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: text(form, 'server'), backup: text(form, 'backup'), op: text(form, 'op'), name: text(form, 'name') }
  return runServerDone(one, input, async (viewer, i, t) => {
    const [payload, user] = [viewer.payload, viewer.user]
    switch (i.op) {
      case 'retry':
        await retryBackup(payload, user, i.server, i.backup)
        return t('backups.retried')
      case 'cancel':
        await cancelBackup(payload, user, i.server, i.backup)
        return t('backups.cancelled')
      case 'delete':
        await deleteBackup(payload, user, i.server, i.backup)
        return t('backups.deleted')
      case 'lock':
      case 'unlock':
        await lockBackup(payload, user, i.server, i.backup, i.op === 'lock')
        return t(i.op === 'lock' ? 'backups.locked' : 'backups.unlocked')
      case 'restore':
        await restoreBackup(payload, user, i.server, i.backup)
        return t('backups.restoreStarted')
      case 'prepare':
        await prepareDownload(payload, user, i.server, i.backup)
        return t('backups.prepared')
      case 'rename':
        return t('backups.renamed', { name: await renameBackup(payload, user, i.server, i.backup, i.name ?? '') })
    }
  })
}

const auto = z.object({ server: serverId, enabled: z.enum(['on', 'off']), hours: z.coerce.number().refine((h) => (BACKUP_INTERVALS as readonly number[]).includes(h)) })

/** Auto-backup on at an interval, or off. */
export async function autoBackupAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: text(form, 'server'), enabled: form.get('enabled') === 'on' ? 'on' : 'off', hours: text(form, 'hours') ?? '6' }
  return runServerDone(auto, input, async (viewer, i, t) => {
    await setAutoBackup(viewer.payload, viewer.user, i.server, i.enabled === 'on' ? i.hours : null)
    return i.enabled === 'on' ? t('backups.autoOn', { hours: i.hours }) : t('backups.autoOff')
  })
}
