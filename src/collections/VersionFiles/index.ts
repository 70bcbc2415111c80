import path from 'node:path'
import type { CollectionConfig } from 'payload'

import { createVersionFiles, deleteVersionFiles, fileVersion, readVersionFiles, updateVersionFiles } from '../../access/versions'
import { idField } from '../../fields/id'
import { documentEditors, systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'
import { countFileDownload } from '../../lib/analytics/downloadHandler'
import { versionFileHeaders } from '../../lib/files/downloadHeaders'
import { hiddenFileIs404 } from '../../lib/files/hiddenFile404'
import { redirectToObjectStorage } from '../../lib/files/storageRedirect'
import { mediaDir } from '../../lib/paths'
import { FILE_TYPES } from '../../lib/versionFiles'
import { checkArchive } from './hooks/checkArchive'
import { hashUpload } from './hooks/hashUpload'
import { labelled } from '../../fields/options'

export { FILE_TYPES }

/** The files of a version: jars, modpacks, zips. Hashes are computed on upload and indexed for lookups. */
export const VersionFiles: CollectionConfig = {
  slug: 'version-files',
  admin: { useAsTitle: 'filename', defaultColumns: ['filename', 'version', 'primary', 'filesize'], group: 'Records', listSearchableFields: ['filename', 'sha1'] },
  access: { read: readVersionFiles, create: createVersionFiles, update: updateVersionFiles, delete: deleteVersionFiles },
  upload: {
    staticDir: path.join(mediaDir(), 'files'),
    // Any file type: launchers decide what they can use.
    mimeTypes: [],
    // Jars and other archives are what this site distributes; they are served, never run.
    allowRestrictedFileTypes: true,
    modifyResponseHeaders: versionFileHeaders, // always a download, sandboxed (src/lib/files/downloadHeaders.ts)
    // Every download is counted here, once per address and version per window (src/lib/analytics);
    // with object storage on, it is then redirected to a signed URL of the object.
    handlers: [countFileDownload, redirectToObjectStorage('version-files')],
  },
  // The technical review's scan (after the hashes) and its findings' cleanup: src/plugins/moderation.
  // A file the caller may not read is 404, not Payload's 403.
  hooks: { beforeChange: [hashUpload, checkArchive], afterError: [hiddenFileIs404] },
  fields: [
    idField,
    guarded({ name: 'version', type: 'relationship', relationTo: 'versions', required: true, index: true }, fileVersion),
    guarded({ name: 'primary', type: 'checkbox', defaultValue: false }, documentEditors),
    { name: 'fileType', type: 'select', label: 'File type', options: labelled(FILE_TYPES, { 'sources-jar': 'Sources JAR', 'dev-jar': 'Dev JAR', 'javadoc-jar': 'Javadoc JAR' }) },
    // Hashes describe the stored bytes: computed on upload (hooks/hashUpload), never written.
    guarded({ name: 'sha1', type: 'text', index: true, admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'sha512', type: 'text', index: true, admin: { readOnly: true } }, systemOnly),
    // Set by a malicious verdict in the technical review: from then on only staff read or download it.
    guarded({ name: 'quarantined', type: 'checkbox', defaultValue: false, index: true, admin: { readOnly: true, position: 'sidebar' } }, systemOnly),
  ],
}
