import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ModerationTab } from '@/components/moderation/ModerationTab'
import { ProjectShell } from '@/components/project/ProjectShell'
import { projectMetadata, resolveProject, type ProjectRouteProps } from '@/components/project/route'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  const t = await getTranslations('Project.tabs')
  const metadata = await projectMetadata(await params, (d) => `${d.project.title} – ${t('moderation')}`, '/moderation')
  return { ...metadata, robots: { index: false } }
}

/** /{type}/{id}/moderation: the thread with the moderators (team and staff only). */
export default async function ProjectModerationPage({ params, searchParams }: ProjectRouteProps) {
  const [p, sp] = await Promise.all([params, searchParams])
  const data = await resolveProject(p, sp, '/moderation')
  return (
    <ProjectShell data={data} tab="moderation" searchParams={sp} currentPath={`${data.path}/moderation`}>
      <ModerationTab data={data} decided={typeof sp.decided === 'string' ? sp.decided : undefined} />
    </ProjectShell>
  )
}
