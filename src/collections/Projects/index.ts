import type { CollectionConfig } from 'payload'

import { signedIn } from '../../access/core/access'
import { adminOnlyRule, documentEditors, staffOnlyRule, systemOnly } from '../../access/core/rules'
import { ownImage } from '../../access/fields/references'
import { isStaff } from '../../access/core/roles'
import { deleteProjects, projectApprovedDate, projectBody, projectOrganization, projectStatus, readProjects, updateProjects } from '../../access/projects'
import { guarded } from '../../access/core/writeRules'
import { idField } from '../../fields/id'
import { labelled, PROJECT_TYPE_LABELS, STATUS_LABELS } from '../../fields/options'
import { handleField } from '../../fields/handle'
import { BODY_MAX, SUMMARY_MAX, SUMMARY_MIN, TITLE_MAX, TITLE_MIN, URL_MAX } from '../../lib/limits'
import { PROJECT_STATUSES } from '../../lib/projectStatus'
import { SLUG_PATTERN } from '../../lib/slugs'
import { PROJECT_TYPES } from '../../lib/projectTypes'
import { cascadeProject, cleanupAfterProject } from '../hooks/cascade'
import { createTeam } from './hooks/createTeam'
import { teamNameFrom } from '../hooks/teamName'
import { enforceEditRules } from './hooks/enforceEditRules'
import { validateCategories } from './validateCategories'

/** Review dates are set by staff and the site: in the admin form only staff see them. */
const staffSees = (_data: unknown, _sibling: unknown, { user }: { user: unknown }) => isStaff(user as Parameters<typeof isStaff>[0])

export const SIDE_TYPES = ['required', 'optional', 'unsupported', 'unknown'] as const
const url = (name: string) => ({ name, type: 'text' as const, maxLength: URL_MAX, validate: validateUrl })

function validateUrl(value: string | null | undefined): true | string {
  if (!value) return true
  try {
    const u = new URL(value)
    return u.protocol === 'https:' || u.protocol === 'http:' ? true : 'Links must start with https:// or http://.'
  } catch {
    return 'This is not a valid URL.'
  }
}

export const Projects: CollectionConfig = {
  slug: 'projects',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', 'projectType', 'status', 'downloads'], group: 'Content', listSearchableFields: ['title', 'slug', 'summary'] },
  access: { read: readProjects, create: signedIn, update: updateProjects, delete: deleteProjects },
  hooks: { beforeChange: [createTeam, enforceEditRules], afterChange: [teamNameFrom('title')], beforeDelete: [cascadeProject], afterDelete: [cleanupAfterProject] },
  fields: [
    idField,
    // A member who may see but not edit the project is told so on the (read-only) edit view.
    { name: 'readOnlyNotice', type: 'ui', admin: { condition: (data) => !!data?.id, components: { Field: '/components/admin/ProjectReadOnlyNotice#ProjectReadOnlyNotice' } } },
    handleField({ name: 'slug', collection: 'projects', pattern: SLUG_PATTERN, patternMessage: 'Slugs are 3–64 URL-safe characters.', takenMessage: 'This slug is already taken.' }),
    // (The publishing checklist's field goes here, then the moderation panel: src/plugins/publishing-checklist, src/plugins/moderation.)
    { name: 'title', type: 'text', required: true, minLength: TITLE_MIN, maxLength: TITLE_MAX },
    { name: 'summary', type: 'text', required: true, minLength: SUMMARY_MIN, maxLength: SUMMARY_MAX, admin: { description: 'One or two sentences, shown in search results and under the title.' } },
    guarded({ name: 'body', type: 'textarea', label: 'Description', maxLength: BODY_MAX, admin: { description: 'The project page’s text, in Markdown.' } }, projectBody),
    { name: 'projectType', type: 'select', label: 'Project type', required: true, options: labelled(PROJECT_TYPES, PROJECT_TYPE_LABELS), index: true },
    {
      type: 'row',
      fields: [
        guarded({ name: 'status', type: 'select', defaultValue: 'draft', options: labelled(PROJECT_STATUSES, STATUS_LABELS), index: true }, projectStatus),
        guarded({ name: 'requestedStatus', type: 'select', label: 'Status once approved', options: labelled(['approved', 'unlisted', 'private', 'draft', 'archived']), defaultValue: 'approved' }, documentEditors),
      ],
    },
    // (The moderator's message to the team goes here: src/plugins/moderation.)
    // A group subfield named `id` is Payload's row id and is never stored: two top-level fields instead.
    { type: 'row', fields: [
      guarded({ name: 'license', type: 'relationship', relationTo: 'licenses', index: true }, documentEditors),
      { ...url('licenseUrl'), label: 'License URL' },
    ] },
    { type: 'row', fields: [
      { name: 'clientSide', type: 'select', label: 'On the client', defaultValue: 'unknown', options: labelled(SIDE_TYPES) },
      { name: 'serverSide', type: 'select', label: 'On the server', defaultValue: 'unknown', options: labelled(SIDE_TYPES) },
    ] },
    { name: 'categories', type: 'text', hasMany: true, validate: validateCategories(true) },
    { name: 'additionalCategories', type: 'text', hasMany: true, validate: validateCategories(false) },
    // Derived from the project's versions (kept in step by the versions hooks).
    guarded({ name: 'loaders', type: 'text', hasMany: true, admin: { readOnly: true, description: 'From the project’s versions.' } }, systemOnly),
    guarded({ name: 'gameVersions', type: 'text', label: 'Game versions', hasMany: true, admin: { readOnly: true, description: 'From the project’s versions.' } }, systemOnly),
    url('issuesUrl'),
    url('sourceUrl'),
    url('wikiUrl'),
    url('discordUrl'),
    {
      name: 'donationUrls',
      type: 'array',
      fields: [
        guarded({ name: 'platform', type: 'relationship', relationTo: 'donation-platforms', required: true }, documentEditors),
        { ...url('url'), required: true },
      ],
    },
    guarded({ name: 'icon', type: 'upload', relationTo: 'images' }, ownImage),
    // Staff only in the form: a raw RGB number is nothing a creator is asked for.
    { name: 'color', type: 'number', label: 'Accent colour (RGB number)', min: 0, max: 0xffffff, admin: { condition: staffSees } },
    // The team is made with the project; an organization is joined per the organization's rules.
    guarded({ name: 'team', type: 'relationship', relationTo: 'teams', index: true, admin: { position: 'sidebar' } }, adminOnlyRule),
    guarded({ name: 'organization', type: 'relationship', relationTo: 'organizations', index: true, admin: { position: 'sidebar' } }, projectOrganization),
    // The team reads its moderation thread on the project's moderation page; the form shows it to staff.
    guarded({ name: 'thread', type: 'relationship', relationTo: 'threads', admin: { position: 'sidebar', readOnly: true, condition: staffSees } }, systemOnly),
    guarded({ name: 'published', type: 'date', index: true, admin: { position: 'sidebar', condition: staffSees } }, staffOnlyRule),
    guarded({ name: 'updated', type: 'date', index: true, admin: { position: 'sidebar', condition: staffSees } }, staffOnlyRule),
    // When staff approved it; while it is scheduled, when it will be released (as labrinth keeps it).
    guarded({ name: 'approved', type: 'date', admin: { position: 'sidebar', condition: staffSees } }, projectApprovedDate),
    guarded({ name: 'queued', type: 'date', admin: { position: 'sidebar', condition: staffSees } }, staffOnlyRule),
    guarded({ name: 'downloads', type: 'number', defaultValue: 0, index: true, admin: { position: 'sidebar' } }, systemOnly),
    guarded({ name: 'followers', type: 'number', defaultValue: 0, admin: { position: 'sidebar' } }, systemOnly),
    guarded({ name: 'monetizationStatus', type: 'select', defaultValue: 'monetized', options: labelled(['monetized', 'demonetized', 'force-demonetized'], { 'force-demonetized': 'Demonetized by staff' }) }, staffOnlyRule),
    // The project's own lists: no "Project" column naming this project on every row.
    { name: 'gallery', type: 'join', collection: 'images', on: 'project', defaultSort: 'ordering', admin: { defaultColumns: ['filename', 'title', 'featured', 'ordering'] } },
    { name: 'versions', type: 'join', collection: 'versions', on: 'project', defaultSort: '-datePublished', admin: { defaultColumns: ['versionNumber', 'name', 'versionType', 'status', 'datePublished'] } },
  ],
}
