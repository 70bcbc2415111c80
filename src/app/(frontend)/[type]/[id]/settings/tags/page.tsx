import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import { TagsForm } from '@/components/project/settings/TagsForm'
import type { ProjectRouteProps } from '@/components/project/route'
import { getTagLabeler } from '@/components/search/labels'
import { loadCategoryChoices } from '@/lib/data/projectSettings'
import { MAX_PRIMARY_CATEGORIES } from '@/lib/limits'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'tags')
}

const HEADERS = ['categories', 'features', 'resolutions', 'performance impact'] as const

/** /{type}/{id}/settings/tags: the categories of the project's type. */
export default async function ProjectTagsSettings({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'tags')
  const { project } = settings.data
  const [choices, label, t] = await Promise.all([loadCategoryChoices(settings.viewer, project.projectType), getTagLabeler(), getTranslations('ProjectSettings.tags.headers')])
  return (
    <ProjectSettingsFrame settings={settings} active="tags">
      <TagsForm
        projectId={project.id}
        canSave={settings.can.details}
        maxPrimary={MAX_PRIMARY_CATEGORIES}
        choices={choices.map((c) => ({ name: c.name, header: c.header, label: label(c.name) }))}
        headers={HEADERS.map((key) => ({ key, label: t(key) }))}
        stored={{ categories: project.categories ?? [], additionalCategories: project.additionalCategories ?? [] }}
      />
    </ProjectSettingsFrame>
  )
}
