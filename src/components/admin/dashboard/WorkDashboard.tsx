import type { ServerProps } from 'payload'
import { getFormatter, getTranslations } from 'next-intl/server'

import { actorOf, isNewsEditor, isStaff } from '@/access/core/roles'
import { creatorWork, editorialWork, staffWork } from '@/lib/data/adminWork'
import { viewerFor, type AuthUser } from '@/lib/data/viewer'

import { CreatorPanel } from './CreatorPanel'
import { EditorialPanel } from './EditorialPanel'
import { StaffPanel } from './StaffPanel'

/**
 * Above the admin dashboard's collection cards (`admin.components.beforeDashboard`): the work waiting
 * for the signed-in user, by role — the review queue and reports for staff, drafts and scheduled
 * publications for news editors, their own projects and checklists for creators. Read as the user.
 */
export async function WorkDashboard({ payload, user }: ServerProps) {
  if (!user || !payload) return null
  const viewer = await viewerFor(payload, { ...(user as AuthUser), collection: 'users' })
  const actor = actorOf(viewer.req)
  const [t, format, staff, editorial, projects] = await Promise.all([getTranslations('AdminWork'), getFormatter(), staffWork(viewer), editorialWork(viewer), creatorWork(viewer)])
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' })
  // Staff and editors who own no project are spared an empty "Your projects"; creators see its empty state.
  const showProjects = projects.length > 0 || (!isStaff(actor) && !isNewsEditor(actor))
  return (
    <section className="bf-work" aria-labelledby="bf-work-title" data-testid="admin-work">
      <h2 id="bf-work-title" className="bf-work__title">
        {t('heading')}
      </h2>
      <div className="bf-work__panels">
        {staff ? <StaffPanel work={staff} date={date} /> : null}
        {editorial ? <EditorialPanel work={editorial} date={date} /> : null}
        {showProjects ? <CreatorPanel projects={projects} /> : null}
      </div>
    </section>
  )
}
