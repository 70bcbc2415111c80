import type { CollectionConfig, TextFieldSingleValidation } from 'payload'
import { text } from 'payload/shared'

import { documentEditors, selfOnCreateOrAdmin, systemOnly } from '../../access/core/rules'
import { createVersions, deleteVersions, readVersions, updateVersions, versionProject, versionReleaseDate, versionRequestedStatus, versionStatus } from '../../access/versions'
import { readableRef } from '../../access/fields/references'
import { guarded } from '../../access/core/writeRules'
import { actorOf } from '../../access/core/roles'
import { idField } from '../../fields/id'
import { labelled, STATUS_LABELS } from '../../fields/options'
import { validateTagRefs } from '../../fields/tagRefs'
import { CHANGELOG_MAX, VERSION_NAME_MAX, VERSION_NUMBER_MAX } from '../../lib/limits'
import { VERSION_STATUSES } from '../../lib/projectStatus'
import { relationId } from '../../lib/ids'
import { cascadeVersion } from '../hooks/cascade'
import { syncProjectAfterChange, syncProjectAfterDelete } from './hooks/syncProject'
import { notifyNewVersion } from '../hooks/notifications'

export const DEPENDENCY_TYPES = ['required', 'optional', 'incompatible', 'embedded'] as const
export const VERSION_TYPES = ['release', 'beta', 'alpha'] as const

export const VERSION_NUMBER_TAKEN = 'This project already has a version with this number.'

/**
 * A version number is unique within its project when a person creates or renames a version (issue
 * 13). Imports and the demo data (no user on the request) keep what they bring: older catalogues
 * do repeat numbers, and the pages link those versions by id.
 */
const uniqueVersionNumber: TextFieldSingleValidation = async (value, { req, data, id, previousValue }) => {
  // Payload's own checks (required, length) first: a custom validate replaces them.
  const base = await text(value, { req, data, id, previousValue, maxLength: VERSION_NUMBER_MAX, required: true } as never)
  if (base !== true) return base
  if (!req.user || !value || value === previousValue) return true
  const project = relationId((data as { project?: unknown }).project)
  if (!project) return true
  const clash = await req.payload.count({
    collection: 'versions',
    where: { and: [{ project: { equals: project } }, { versionNumber: { equals: value } }, ...(id ? [{ id: { not_equals: id } }] : [])] },
    overrideAccess: true,
    req,
  })
  return clash.totalDocs > 0 ? VERSION_NUMBER_TAKEN : true
}

export const Versions: CollectionConfig = {
  slug: 'versions',
  admin: { useAsTitle: 'versionNumber', defaultColumns: ['versionNumber', 'name', 'project', 'versionType', 'status', 'datePublished'], group: 'Content', listSearchableFields: ['versionNumber', 'name'] },
  access: { read: readVersions, create: createVersions, update: updateVersions, delete: deleteVersions },
  defaultSort: '-datePublished',
  // A project's newest versions first: the update check (`/v2/version_files/update`) and listings.
  indexes: [{ fields: ['project', 'datePublished', 'createdAt'] }],
  hooks: {
    beforeChange: [
      ({ data, req, operation }) => {
        if (operation === 'create') {
          data.author ??= actorOf(req)?.id
          data.datePublished ??= new Date().toISOString()
          data.name ||= data.versionNumber
        }
        // Only a scheduled version waits for a status: any other status calls the release off.
        if (data.status && data.status !== 'scheduled') data.requestedStatus = null
        return data
      },
    ],
    afterChange: [syncProjectAfterChange, notifyNewVersion],
    beforeDelete: [cascadeVersion],
    afterDelete: [syncProjectAfterDelete],
  },
  fields: [
    idField,
    guarded({ name: 'project', type: 'relationship', relationTo: 'projects', required: true, index: true }, versionProject),
    guarded({ name: 'author', type: 'relationship', relationTo: 'users', admin: { position: 'sidebar' } }, selfOnCreateOrAdmin),
    { name: 'versionNumber', type: 'text', required: true, maxLength: VERSION_NUMBER_MAX, index: true, validate: uniqueVersionNumber },
    { name: 'name', type: 'text', maxLength: VERSION_NAME_MAX },
    { name: 'changelog', type: 'textarea', maxLength: CHANGELOG_MAX, admin: { description: 'What changed, in Markdown.' } },
    { type: 'row', fields: [
      { name: 'versionType', type: 'select', label: 'Release channel', defaultValue: 'release', options: labelled(VERSION_TYPES), index: true },
      // Members who may upload versions (the update access) choose a version's status; scheduling
      // a release needs EDIT_DETAILS too (src/access/versions.ts).
      guarded({ name: 'status', type: 'select', defaultValue: 'listed', options: labelled(VERSION_STATUSES, STATUS_LABELS), index: true }, versionStatus),
      // The status a scheduled version is released as.
      guarded({ name: 'requestedStatus', type: 'select', label: 'Status once released', options: labelled(VERSION_STATUSES, STATUS_LABELS) }, versionRequestedStatus),
    ] },
    guarded({ name: 'featured', type: 'checkbox', defaultValue: false }, documentEditors),
    guarded({ name: 'gameVersions', type: 'relationship', relationTo: 'game-versions', hasMany: true, required: true, validate: validateTagRefs('game-versions', 'game version') }, documentEditors),
    guarded({ name: 'loaders', type: 'relationship', relationTo: 'loaders', hasMany: true, required: true, validate: validateTagRefs('loaders', 'loader') }, documentEditors),
    {
      name: 'dependencies',
      type: 'array',
      maxRows: 4096,
      fields: [
        // A dependency names something the author can see: hidden projects do not exist for them.
        guarded({ name: 'project', type: 'relationship', relationTo: 'projects' }, readableRef('projects')),
        guarded({ name: 'version', type: 'relationship', relationTo: 'versions' }, readableRef('versions')),
        { name: 'fileName', type: 'text' },
        { name: 'dependencyType', type: 'select', required: true, options: labelled(DEPENDENCY_TYPES) },
      ],
    },
    // When it was (or, while scheduled, will be) published.
    guarded({ name: 'datePublished', type: 'date', index: true, admin: { position: 'sidebar' } }, versionReleaseDate),
    guarded({ name: 'downloads', type: 'number', defaultValue: 0, admin: { position: 'sidebar' } }, systemOnly),
    { name: 'files', type: 'join', collection: 'version-files', on: 'version' },
  ],
}
