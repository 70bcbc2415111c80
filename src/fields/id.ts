import type { TextField } from 'payload'

import { base62Id } from '../lib/ids'

/**
 * The document id is the public 8-character base62 id. Not a field in the admin form: nobody
 * types it, and the document's header shows it.
 */
export const idField: TextField = {
  name: 'id',
  type: 'text',
  label: 'ID',
  defaultValue: () => base62Id(),
  admin: { readOnly: true, position: 'sidebar', hidden: true },
}

/** Tags are identified by their name (as in the v2 API), so the name is the id. */
export const nameIdField = (label = 'Name'): TextField => ({
  name: 'id',
  type: 'text',
  label,
  required: true,
  admin: { description: 'The tag as it appears in the API and in URLs.' },
})
