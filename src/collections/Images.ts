import path from 'node:path'
import { ValidationError, type CollectionConfig } from 'payload'

import { signedIn } from '../access/core/access'
import { galleryPlacement, imageProject, manageImages, readImages } from '../access/projects'
import { actorOf } from '../access/core/roles'
import { idField } from '../fields/id'
import { documentEditors, selfOnCreateOrAdmin } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'
import { imageHeaders } from '../lib/files/downloadHeaders'
import { redirectToObjectStorage } from '../lib/files/storageRedirect'
import { fileTooLarge, MAX_EDITOR_IMAGE_BYTES, MAX_IMAGE_BYTES } from '../lib/limits'
import { mediaDir } from '../lib/paths'
import { hiddenFileIs404 } from '../lib/files/hiddenFile404'
import { sizeName } from '../lib/files/storedName'
import { labelled } from '../fields/options'

/** Icons, gallery items, avatars and images in descriptions; resized with sharp into the sizes the site shows. */
export const Images: CollectionConfig = {
  slug: 'images',
  admin: { useAsTitle: 'filename', defaultColumns: ['filename', 'kind', 'project', 'uploader', 'createdAt'], group: 'Content', listSearchableFields: ['filename', 'title', 'alt'] },
  access: {
    read: readImages,
    create: signedIn,
    update: manageImages,
    delete: manageImages,
  },
  upload: {
    staticDir: path.join(mediaDir(), 'images'),
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    // Each size's file name carries a random token: two images with the same base name never share one.
    imageSizes: [
      { name: 'icon', width: 96, height: 96, fit: 'cover', formatOptions: { format: 'webp' }, generateImageName: sizeName },
      { name: 'card', width: 640, height: 360, fit: 'cover', formatOptions: { format: 'webp' }, generateImageName: sizeName },
      { name: 'large', width: 1600, withoutEnlargement: true, formatOptions: { format: 'webp' }, generateImageName: sizeName },
    ],
    adminThumbnail: 'icon',
    modifyResponseHeaders: imageHeaders, // raster images only inline, sandboxed (src/lib/files/downloadHeaders.ts)
    // With object storage on: a redirect to a signed URL of the object (src/lib/files/storageRedirect.ts).
    handlers: [redirectToObjectStorage('images')],
  },
  hooks: {
    // A file the caller may not read is 404, not Payload's 403.
    afterError: [hiddenFileIs404],
    beforeValidate: [
      ({ data, req, operation }) => {
        // Images put into a description or changelog by the Markdown editor are smaller (spec §5: 1 MiB).
        const limit = data?.kind === 'editor' ? MAX_EDITOR_IMAGE_BYTES : MAX_IMAGE_BYTES
        // The Local API's file may come without `size`: its bytes tell.
        const size = req.file ? (req.file.size ?? req.file.data?.length ?? 0) : 0
        if (size > limit) {
          throw new ValidationError({ collection: 'images', errors: [{ path: 'file', message: fileTooLarge(limit) }] })
        }
        if (operation === 'create' && data && !data.uploader) {
          const actor = actorOf(req)
          if (actor) data.uploader = actor.id
        }
        return data
      },
    ],
  },
  fields: [
    idField,
    guarded({ name: 'kind', type: 'select', defaultValue: 'gallery', options: labelled(['icon', 'gallery', 'avatar', 'news', 'editor', 'other'], { editor: 'Editor image' }), index: true }, documentEditors),
    { name: 'alt', type: 'text', maxLength: 256 },
    guarded({ name: 'uploader', type: 'relationship', relationTo: 'users', admin: { readOnly: true } }, selfOnCreateOrAdmin),
    // Gallery metadata (kind = gallery): placing an image in a project's gallery is editing the project.
    guarded({ name: 'project', type: 'relationship', relationTo: 'projects', index: true }, imageProject),
    guarded({ name: 'featured', type: 'checkbox', defaultValue: false }, galleryPlacement),
    { name: 'title', type: 'text', maxLength: 255 },
    { name: 'description', type: 'textarea', maxLength: 2048 },
    guarded({ name: 'ordering', type: 'number', defaultValue: 0 }, galleryPlacement),
  ],
}
