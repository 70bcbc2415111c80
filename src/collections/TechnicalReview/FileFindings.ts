import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, nobody, staffOnlyAccess } from '../../access/core/access'
import { staffOnlyRule, systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'
import { idField } from '../../fields/id'
import { FINDING_KINDS, SEVERITIES } from '../../lib/files/scanner'
import { VERDICTS } from '../../lib/moderation/technicalReview'

/**
 * What the archive scanner found in an uploaded file (src/lib/files/scanner.ts), one row per finding,
 * written by the upload itself. Staff read them on /moderation/technical-review and give each a
 * verdict; a malicious one quarantines the file and withholds the project (src/plugins/moderation),
 * on every surface alike.
 */
export const FileFindings: CollectionConfig = {
  slug: 'file-findings',
  labels: { singular: 'File finding', plural: 'File findings' },
  admin: { useAsTitle: 'detail', defaultColumns: ['severity', 'kind', 'detail', 'project', 'verdict', 'createdAt'], group: 'Moderation', listSearchableFields: ['detail', 'entry'] },
  access: { read: staffOnlyAccess, create: nobody, update: staffOnlyAccess, delete: adminOnlyAccess },
  defaultSort: '-createdAt',
  fields: [
    idField,
    guarded({ name: 'file', type: 'relationship', relationTo: 'version-files', required: true, index: true, admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'project', type: 'relationship', relationTo: 'projects', required: true, index: true, admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'kind', type: 'select', options: [...FINDING_KINDS], required: true, admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'severity', type: 'select', options: [...SEVERITIES], required: true, index: true, admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'entry', type: 'text', admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'detail', type: 'text', required: true, admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'verdict', type: 'select', options: [...VERDICTS], defaultValue: 'pending', required: true, index: true }, staffOnlyRule),
    guarded({ name: 'decidedBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'decidedAt', type: 'date', admin: { readOnly: true } }, systemOnly),
  ],
}
