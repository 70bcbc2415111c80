import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { queryString, type ProjectRouteParams, type SearchParams } from '@/components/project/route'
import { requireUser } from '@/lib/auth/guard'
import { isProjectRouteType } from '@/lib/data/page-project'
import { loadProjectSettings, type ProjectSettingsData } from '@/lib/data/projectSettings'
import type { SettingsPage } from '@/lib/projectSettings/forms'

const SUBPATH: Record<SettingsPage, string> = { general: '', description: '/description', license: '/license', links: '/links', tags: '/tags', members: '/members', analytics: '/analytics', version: '', editVersion: '' }

/**
 * A settings page's project: signed-out visitors go to sign in and come back; anyone not on the
 * team (nor staff) gets the 404 page; a non-canonical URL redirects to /{type}/{slug}/settings/….
 */
export async function resolveSettings(params: ProjectRouteParams, searchParams: SearchParams, section: SettingsPage): Promise<ProjectSettingsData> {
  await requireUser()
  if (!isProjectRouteType(params.type)) notFound()
  let id = params.id
  try {
    id = decodeURIComponent(params.id)
  } catch {
    /* as it came */
  }
  const settings = await loadProjectSettings(id)
  if (!settings) notFound()
  const { data } = settings
  if (params.type !== data.displayType || id !== data.project.slug) {
    // A version editor goes back to the project's page: its own URL names the version too.
    redirect(section === 'editVersion' ? data.path : `${data.path}${section === 'version' ? '/version/new' : `/settings${SUBPATH[section]}`}${queryString(searchParams)}`)
  }
  return settings
}

export async function settingsMetadata(params: ProjectRouteParams, section: SettingsPage): Promise<Metadata> {
  const t = await getTranslations('ProjectSettings')
  const settings = await loadProjectSettings(params.id).catch(() => null)
  const title = settings ? `${t(`sections.${section}`)} – ${settings.data.project.title}` : t('title')
  return { title, robots: { index: false } }
}
