import type { UIFieldServerComponent } from 'payload'

import { projectPermissionsOn } from '@/access/core/memberships'
import { ProjectPermissions as P } from '@/access/core/permissions'
import messages from '../../../messages/en-US.json'

/**
 * On a project's edit view in the admin panel: a team member whose bits allow no edit sees the form
 * read-only (Payload offers no Save) — this says why, in the words of the site's settings pages,
 * instead of leaving them at a form that silently ignores them.
 */
export const ProjectReadOnlyNotice: UIFieldServerComponent = async ({ id, payload, user, req }) => {
  if (!id || !user) return null
  const project = await payload.findByID({ collection: 'projects', id: String(id), depth: 0, overrideAccess: false, user, req, disableErrors: true, select: { team: true, organization: true } })
  if (!project) return null
  const bits = await projectPermissionsOn(req, project)
  if (bits & (P.EDIT_DETAILS | P.EDIT_BODY)) return null
  return (
    <p role="note" className="project-read-only-admin" style={{ marginBlock: '1rem', padding: '0.75rem 1rem', border: '1px solid var(--theme-warning-500)', borderRadius: 8 }}>
      {messages.ProjectSettings.readOnlyProject}
    </p>
  )
}
