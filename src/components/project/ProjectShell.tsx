import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { getTagLabeler } from '@/components/search/labels'
import { readCosmetic } from '@/lib/cosmetics/server'
import { loadMemberHeader } from '@/lib/data/memberHeader'
import { currentViewer } from '@/lib/data/currentViewer'
import { loadGameVersionTags, loadProjectVersions, type ProjectPageData } from '@/lib/data/page-project'
import { downloadOptions, versionPath } from '@/lib/project/versions'
import { tagIconCss } from '@/lib/search/tagIcons'

import { DownloadDialog } from './DownloadDialog'
import { MemberHeader } from './MemberHeader'
import { ProjectHeader } from './ProjectHeader'
import { ProjectSidebar } from './ProjectSidebar'
import { firstParam, type SearchParams } from './route'
import { ViewBeacon } from './ViewBeacon'

export type ProjectTab = 'overview' | 'gallery' | 'changelog' | 'versions' | 'version' | 'moderation'

/**
 * The frame of every project page: header, section tabs, the page's content beside the sidebar,
 * and the download interface (spec §2).
 */
export async function ProjectShell({ data, tab, searchParams, currentPath, children }: { data: ProjectPageData; tab: ProjectTab; searchParams: SearchParams; currentPath: string; children: ReactNode }) {
  const [t, tagLabel, versions, gameVersionTags, viewer, sidebarLeft] = await Promise.all([
    getTranslations('Project'),
    getTagLabeler(),
    loadProjectVersions(data.project),
    loadGameVersionTags(),
    currentViewer(),
    // The leftContentLayout cookie (spec §3) puts the sidebar on the left on wide screens (appearance.css).
    readCosmetic('leftContentLayout'),
  ])
  const { project } = data
  const memberHeader = await loadMemberHeader(viewer, project)
  const iconCss = tagIconCss([
    ...data.categories.map((c) => ({ kind: 'category' as const, name: c.name, icon: c.icon })),
    ...data.loaderTags.map((l) => ({ kind: 'loader' as const, name: l.name, icon: l.icon })),
  ])
  const order = new Map(gameVersionTags.map((g, i) => [g.version, i]))
  const options = downloadOptions(versions, order)
  const loaderLabels = Object.fromEntries(options.loaders.map((l) => [l, tagLabel(l)]))
  const tabs: { key: Exclude<ProjectTab, 'version'>; href: string; show: boolean }[] = [
    { key: 'overview', href: data.path, show: true },
    // The team always sees it: the gallery page is where they add the first image.
    { key: 'gallery', href: `${data.path}/gallery`, show: data.gallery.length > 0 || tab === 'gallery' || !!memberHeader?.member },
    { key: 'changelog', href: `${data.path}/changelog`, show: versions.length > 0 || tab === 'changelog' },
    { key: 'versions', href: `${data.path}/versions`, show: true },
    // The thread with the moderators: the team and staff only, also after approval.
    { key: 'moderation', href: `${data.path}/moderation`, show: !!memberHeader?.member },
  ]
  const activeTab = tab === 'version' ? 'versions' : tab

  return (
    <div className="container project-page">
      {iconCss ? <style dangerouslySetInnerHTML={{ __html: iconCss }} /> : null}
      <ViewBeacon projectId={project.id} />
      <ProjectHeader data={data} currentPath={currentPath} signedIn={!!viewer.user} />
      {memberHeader ? <MemberHeader data={memberHeader} projectId={project.id} projectPath={data.path} currentPath={currentPath} /> : null}
      {project.status === 'archived' ? <p className="project-notice">{t('archivedNotice')}</p> : null}
      <div className={sidebarLeft ? 'project-layout project-layout--sidebar-left' : 'project-layout'}>
        <div className="project-content">
          <nav className="project-tabs" aria-label={t('tabsLabel')}>
            <ul>
              {tabs
                .filter((x) => x.show)
                .map((x) => (
                  <li key={x.key}>
                    <Link href={x.href} className="project-tabs__link" aria-current={activeTab === x.key ? (tab === 'version' ? 'true' : 'page') : undefined}>
                      {t(`tabs.${x.key}`)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
          {children}
        </div>
        <ProjectSidebar data={data} gameVersionTags={gameVersionTags} />
      </div>
      <DownloadDialog
        projectTitle={project.title}
        action={data.path}
        candidates={versions.map((v) => ({
          id: v.id,
          versionNumber: v.versionNumber,
          name: v.name,
          versionType: v.versionType,
          gameVersions: v.gameVersions,
          loaders: v.loaders,
          datePublished: v.datePublished,
          primaryFile: v.primaryFile,
          href: versionPath(data.path, v.urlKey),
        }))}
        gameVersions={options.gameVersions}
        loaders={options.loaders}
        loaderLabels={loaderLabels}
        initial={{ gameVersion: firstParam(searchParams, 'version'), loader: firstParam(searchParams, 'loader') }}
        versionsHref={`${data.path}/versions`}
      />
    </div>
  )
}
