import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { requireUser } from '@/lib/auth/guard'
import { getOrganizationSettings, type OrganizationSettings } from '@/lib/data/organizations'
import { currentViewer } from '@/lib/data/currentViewer'
import type { Viewer } from '@/lib/data/viewer'

export type OrganizationSection = 'general' | 'members' | 'projects' | 'analytics'
export type OrganizationSettingsProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

export const SECTION_PATH: Record<OrganizationSection, string> = { general: '', members: '/members', projects: '/projects', analytics: '/analytics' }

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * An organization settings page: visitors go to sign in and come back; anyone who is not a member
 * (nor staff) gets the 404 page; an id or a differently-cased slug redirects to /organization/{slug}/settings/….
 */
export async function resolveOrganizationSettings(props: OrganizationSettingsProps, section: OrganizationSection): Promise<OrganizationSettings & { viewer: Viewer; path: string }> {
  await requireUser()
  const key = decode((await props.params).id)
  const viewer = await currentViewer()
  const settings = await getOrganizationSettings(viewer, key)
  if (!settings) notFound()
  const path = `/organization/${encodeURIComponent(settings.organization.slug)}`
  if (key !== settings.organization.slug) {
    const saved = (await props.searchParams).saved
    redirect(`${path}/settings${SECTION_PATH[section]}${saved ? '?saved=1' : ''}`)
  }
  return { ...settings, viewer, path }
}

export async function organizationSettingsMetadata(props: OrganizationSettingsProps, section: OrganizationSection): Promise<Metadata> {
  const t = await getTranslations('Organizations')
  const viewer = await currentViewer()
  const settings = viewer.user ? await getOrganizationSettings(viewer, decode((await props.params).id)).catch(() => null) : null
  const name = t(`sections.${section}`)
  return { title: settings ? t('metaTitle', { section: name, name: settings.organization.name }) : t('settings'), robots: { index: false } }
}
