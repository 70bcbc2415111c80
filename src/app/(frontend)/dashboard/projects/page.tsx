import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { BulkLinksForm } from '@/components/dashboard/BulkLinksForm'
import { ProjectTable } from '@/components/dashboard/ProjectTable'
import { CreateProjectDialog } from '@/components/project/create/CreateProjectDialog'
import { requireUser } from '@/lib/auth/guard'
import { dashboardProjects } from '@/lib/data/dashboard'
import { BULK_LINKS_FORM } from '@/lib/projectSettings/bulkLinks'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dashboard.projects')
  return { title: t('metaTitle'), robots: { index: false } }
}

/** /dashboard/projects: every project of the viewer's, their own and their organizations', with status; links edited in bulk. */
export default async function DashboardProjectsPage() {
  await requireUser()
  const [t, tc, viewer] = await Promise.all([getTranslations('Dashboard.projects'), getTranslations('Nav'), currentViewer()])
  const projects = await dashboardProjects(viewer)
  return (
    <DashboardFrame active="projects" title={t('heading')} lead={t('lead')} actions={<CreateProjectDialog label={tc('createProject')} buttonClassName="button button--primary" />}>
      {projects.length ? (
        <>
          <ProjectTable projects={projects} caption={t('heading')} selectForm={projects.some((p) => p.canEditDetails) ? BULK_LINKS_FORM : undefined} />
          {projects.some((p) => p.canEditDetails) ? <BulkLinksForm /> : null}
        </>
      ) : (
        <p className="empty-note">{t('empty')}</p>
      )}
    </DashboardFrame>
  )
}
