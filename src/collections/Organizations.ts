import type { CollectionBeforeChangeHook, CollectionConfig, TextField, Validate } from 'payload'

import messages from '../../messages/en-US.json'

import { anyone, signedIn } from '../access/core/access'
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '../access/core/permissions'
import { actorOf } from '../access/core/roles'
import { deleteOrganizations, updateOrganizations } from '../access/organizations'
import { handleField } from '../fields/handle'
import { cleanupAfterOrganization } from './hooks/cascade'
import { idField } from '../fields/id'
import { SLUG_PATTERN } from '../lib/slugs'
import { isReservedOrganizationSlug } from '../lib/organizations/rules'
import { adminOnlyRule } from '../access/core/rules'
import { ownImage } from '../access/fields/references'
import { guarded } from '../access/core/writeRules'
import { teamNameFrom } from './hooks/teamName'

const handle = handleField({ name: 'slug', collection: 'organizations', pattern: SLUG_PATTERN, patternMessage: 'Slugs are 3–64 URL-safe characters.', takenMessage: 'This slug is already taken.' })
/** As any handle, and never one of the site's own words (lib/organizations/rules). */
const validateSlug: Validate<string> = (value, options) =>
  typeof value === 'string' && isReservedOrganizationSlug(value) ? messages.Organizations.errors.slugReserved : (handle.validate as Validate<string>)(value, options)
const slugField = { ...handle, validate: validateSlug } as TextField

/** A new organization gets a team with its creator as owner. */
const createOrgTeam: CollectionBeforeChangeHook = async ({ data, req, operation }) => {
  if (operation !== 'create' || data.team) return data
  const actor = actorOf(req)
  const team = await req.payload.create({ collection: 'teams', data: { kind: 'organization', name: typeof data.name === 'string' ? data.name : null }, req, overrideAccess: true })
  if (actor) {
    await req.payload.create({
      collection: 'team-members',
      data: { team: team.id, user: actor.id, role: 'Owner', isOwner: true, accepted: true, permissions: ALL_PROJECT_PERMISSIONS, organizationPermissions: ALL_ORGANIZATION_PERMISSIONS },
      req,
      overrideAccess: true,
    })
  }
  return { ...data, team: team.id }
}

export const Organizations: CollectionConfig = {
  slug: 'organizations',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'createdAt'], group: 'People', listSearchableFields: ['name', 'slug'] },
  access: { read: anyone, create: signedIn, update: updateOrganizations, delete: deleteOrganizations },
  hooks: { beforeChange: [createOrgTeam], afterChange: [teamNameFrom('name')], afterDelete: [cleanupAfterOrganization] },
  fields: [
    idField,
    slugField,
    { name: 'name', type: 'text', required: true, minLength: 3, maxLength: 64 },
    { name: 'description', type: 'textarea', maxLength: 256 },
    guarded({ name: 'icon', type: 'upload', relationTo: 'images' }, ownImage),
    { name: 'color', type: 'number', min: 0, max: 0xffffff },
    // Made with the organization (createOrgTeam); members come through invitations.
    guarded({ name: 'team', type: 'relationship', relationTo: 'teams', index: true, admin: { position: 'sidebar' } }, adminOnlyRule),
    { name: 'projects', type: 'join', collection: 'projects', on: 'organization' },
  ],
}
