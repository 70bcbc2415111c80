import type { CollectionConfig, Field } from 'payload'

import { nobody } from '../../../access/core/access'
import { serverBackupsAccess } from '../../../access/hosting'
import { systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'
import { BACKUP_STATES, DOWNLOAD_STATES, RESTORE_STATES } from '../../../lib/hosting/backups'

/*
 * A server's backup (spec §3 "Server backup": automated flag, locked flag, name; §4 its states).
 * The archive is on the server's node (src/agent, under the backup's id); this record is what the
 * site knows of it and what the owner chose (name, lock). Written only by the backup service
 * (../service/backups.ts), which checks the actor for each act; no door writes it.
 */
const site = <F extends Field>(field: F): F => guarded(field, systemOnly)

export const ServerBackups: CollectionConfig = {
  slug: 'server-backups',
  graphQL: { singularName: 'ServerBackup', pluralName: 'ServerBackups' },
  labels: { singular: 'Server backup', plural: 'Server backups' },
  admin: { group: 'Servers', useAsTitle: 'name', defaultColumns: ['name', 'server', 'state', 'automated', 'locked', 'createdAt'] },
  access: { read: serverBackupsAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    idField,
    site({ name: 'server', type: 'relationship', relationTo: 'servers', required: true, index: true }),
    site({ name: 'name', type: 'text', required: true }),
    site({ name: 'automated', type: 'checkbox', defaultValue: false }),
    site({ name: 'locked', type: 'checkbox', defaultValue: false, admin: { description: 'Kept from the rolling deletion of automated backups.' } }),
    site({ name: 'state', type: 'select', required: true, defaultValue: 'queued', options: [...BACKUP_STATES], index: true }),
    site({ name: 'progress', type: 'number', defaultValue: 0 }),
    site({ name: 'reason', type: 'text', admin: { description: 'Why it failed, as its owner reads it.' } }),
    site({ name: 'size', type: 'number' }),
    site({ name: 'sha256', type: 'text' }),
    site({ name: 'restoreState', type: 'select', options: [...RESTORE_STATES] }),
    site({ name: 'restoreError', type: 'text' }),
    site({ name: 'downloadState', type: 'select', options: [...DOWNLOAD_STATES] }),
    site({ name: 'downloadExpires', type: 'date' }),
    site({ name: 'downloadError', type: 'text' }),
    // The copy in object storage a prepared download links to (when S3_* is set).
    site({ name: 'downloadKey', type: 'text' }),
  ],
}
