import { APIError, type CollectionConfig, type PayloadHandler } from 'payload'
import { z } from 'zod'

import { adminOnlyAccess } from '../access/core/access'
import { adminOnlyRule, systemOnly } from '../access/core/rules'
import { transferOwnership } from '../lib/teams/transferOwnership'
import { readTeams } from '../access/teams'
import { guarded } from '../access/core/writeRules'
import { cascadeTeam } from './hooks/cascade'
import { idField } from '../fields/id'
import { labelled } from '../fields/options'

const transferBody = z.object({ user: z.string().min(1).max(64) })

/** `POST /api/teams/:id/transfer-ownership {user}`: the owner (or an admin) hands the team over. */
const transferOwnershipEndpoint: PayloadHandler = async (req) => {
  if (!req.user) throw new APIError('Sign in to transfer ownership.', 401, null, true)
  const id = String(req.routeParams?.id ?? '')
  const body = transferBody.safeParse(await req.json?.().catch(() => null))
  if (!body.success) throw new APIError('Send the new owner as {"user": "<user id>"}.', 400, null, true)
  await transferOwnership(req, id, body.data.user)
  return Response.json({ ok: true })
}

/** A team owns a project or an organization; its members carry the permission bits. */
export const Teams: CollectionConfig = {
  slug: 'teams',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'kind', 'createdAt'], group: 'Records', listSearchableFields: ['name', 'id'] },
  access: { read: readTeams, create: adminOnlyAccess, update: adminOnlyAccess, delete: adminOnlyAccess }, // teams are made by project/organization hooks
  hooks: { beforeDelete: [cascadeTeam] },
  endpoints: [{ path: '/:id/transfer-ownership', method: 'post', handler: transferOwnershipEndpoint }],
  fields: [
    idField,
    guarded({ name: 'kind', type: 'select', defaultValue: 'project', options: labelled(['project', 'organization']) }, adminOnlyRule),
    // What the team belongs to, by name (src/collections/hooks/teamName.ts): the site keeps it.
    guarded({ name: 'name', type: 'text', admin: { readOnly: true, description: 'The title of the project, or the name of the organization, this team belongs to.' } }, systemOnly),
    { name: 'members', type: 'join', collection: 'team-members', on: 'team', defaultSort: 'ordering' },
    // What the team belongs to (one of the two): team members follow its visibility.
    { name: 'projects', type: 'join', collection: 'projects', on: 'team', admin: { hidden: true } },
    { name: 'organizations', type: 'join', collection: 'organizations', on: 'team', admin: { hidden: true } },
  ],
}
