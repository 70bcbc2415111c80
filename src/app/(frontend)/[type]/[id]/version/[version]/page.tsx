import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { ChannelBadge } from '@/components/project/ChannelBadge'
import { CopyHashButton } from '@/components/project/CopyHashButton'
import { Markdown } from '@/components/project/Markdown'
import { ProjectShell } from '@/components/project/ProjectShell'
import { projectMetadata, resolveProject, type SearchParams } from '@/components/project/route'
import { getTagLabeler } from '@/components/search/labels'
import { CopyIdButton } from '@/components/shell/CopyIdButton'
import { ReportButton } from '@/components/reports/ReportButton'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { Icon, PIcon, type IconName } from '@/components/site/icons'
import { loadGameVersionTags, loadProjectPage, loadVersionPage } from '@/lib/data/page-project'
import { loadProjectSettings } from '@/lib/data/projectSettings'
import { collapseGameVersions, formatNumber } from '@/lib/format'
import { relationId } from '@/lib/ids'
import { asChannel, formatBytes } from '@/lib/project/versions'
import { filesForDisplay } from '@/lib/versionFiles'

export const dynamic = 'force-dynamic'

type Params = { type: string; id: string; version: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await params
  const data = await loadProjectPage(p.id)
  const page = data ? await loadVersionPage(data.project, p.version) : null
  if (!data || !page) return notFoundMetadata(data ? 'version' : 'project')
  const t = await getTranslations('Project.version')
  const meta = await projectMetadata(p, (d) => t('title', { project: d.project.title, version: page.version.versionNumber }), `/version/${encodeURIComponent(p.version)}`)
  const changelog = page.version.changelog?.replace(/[#*_`>[\]()!-]/g, '').replace(/\s+/g, ' ').trim()
  return changelog ? { ...meta, description: changelog.slice(0, 200), openGraph: { ...meta.openGraph, description: changelog.slice(0, 200) } } : meta
}

/** /{type}/{id}/version/{number or id}: one version's files, hashes, dependencies, changelog and metadata. */
export default async function VersionPage({ params, searchParams }: Props) {
  const [p, sp] = await Promise.all([params, searchParams])
  const data = await resolveProject(p, sp, `/version/${encodeURIComponent(p.version)}`)
  const page = await loadVersionPage(data.project, p.version)
  if (!page) notFound()
  const [settings, t, tc, ts, tvs, format, locale, tagLabel, gameVersionTags] = await Promise.all([
    loadProjectSettings(data.project.slug),
    getTranslations('Project.version'),
    getTranslations('Project.channel'),
    getTranslations('Project.status'),
    getTranslations('VersionForm.statuses'),
    getFormatter(),
    getLocale(),
    getTagLabeler(),
    loadGameVersionTags(),
  ])
  const { version } = page
  const channel = asChannel(version.versionType)
  const files = filesForDisplay(version, page.files)
  const primary = files.find((f) => f.primary && !f.placeholder && f.url)
  const gameVersions = (version.gameVersions ?? []).map(relationId).filter((g): g is string => !!g)
  const loaders = (version.loaders ?? []).map(relationId).filter((l): l is string => !!l)
  const published = version.datePublished ?? version.createdAt
  const name = version.name?.trim() || version.versionNumber
  const path = `${data.path}/version/${encodeURIComponent(p.version)}`
  const order = ['required', 'optional', 'incompatible', 'embedded'] as const
  const dependencies = [...page.dependencies].sort((a, b) => order.indexOf(a.dependencyType) - order.indexOf(b.dependencyType))

  return (
    <ProjectShell data={data} tab="version" searchParams={sp} currentPath={path}>
      <article className="project-section version-page" aria-labelledby="version-title">
        <p className="version-page__back">
          <Link href={`${data.path}/versions`}>
            <PIcon name="chevronLeft" size={16} />
            {t('back')}
          </Link>
        </p>
        <header className="version-page__header">
          <div className="version-page__heading">
            <h2 id="version-title" className="version-page__title">
              {name}
            </h2>
            <ChannelBadge channel={channel} label={tc(channel)} full />
            {version.status && version.status !== 'listed' ? <span className={`status-badge status-badge--${version.status}`}>{ts(version.status as never)}</span> : null}
          </div>
          {settings?.can.upload ? (
            <Link href={`${data.path}/version/${encodeURIComponent(version.id)}/edit`} className="button button--secondary">
              {t('edit')}
            </Link>
          ) : null}
          {primary?.url ? (
            <a href={primary.url} className="button button--primary" download>
              <Icon name="download" size={18} />
              {t('download')}
            </a>
          ) : null}
        </header>
        {version.status === 'scheduled' && version.datePublished ? (
          <p className="version-page__scheduled" data-testid="scheduled-release">
            {t('scheduledFor', {
              status: tvs((version.requestedStatus ?? 'listed') as never),
              date: format.dateTime(new Date(version.datePublished), { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
            })}
          </p>
        ) : null}

        <section className="version-card" aria-labelledby="version-files">
          <h3 id="version-files" className="version-card__title">
            {t('files')}
          </h3>
          <ul className="file-list">
            {files.map((f) => (
              <li key={f.id ?? f.filename} className={`file-item${f.primary ? ' file-item--primary' : ''}${f.placeholder ? ' file-item--placeholder' : ''}`}>
                <div className="file-item__main">
                  <PIcon name="file" size={20} className="file-item__icon" />
                  <span className="file-item__info">
                    <span className="file-item__name">{f.placeholder ? t('placeholder') : f.filename}</span>
                    {!f.placeholder ? <span className="file-item__size">{formatBytes(f.size, locale)}</span> : null}
                    {f.primary && !f.placeholder ? <span className="pill pill--brand">{t('primary')}</span> : null}
                    {f.fileType && f.fileType !== 'unknown' ? <span className="pill">{t(`fileType.${f.fileType}` as never)}</span> : null}
                  </span>
                  {f.url && !f.placeholder ? (
                    <a href={f.url} className="button button--secondary button--small file-item__download" download aria-label={`${t('download')} ${f.filename}`}>
                      <Icon name="download" size={16} />
                      {t('download')}
                    </a>
                  ) : null}
                </div>
                {!f.placeholder && (f.hashes.sha1 || f.hashes.sha512) ? (
                  <dl className="hash-list" aria-label={`${t('hashes')}: ${f.filename}`}>
                    {(['sha1', 'sha512'] as const).map((algorithm) =>
                      f.hashes[algorithm] ? (
                        <div key={algorithm} className="hash-list__row">
                          <dt>{t(algorithm)}</dt>
                          <dd>
                            <code className="hash" data-hash={algorithm}>
                              {f.hashes[algorithm]}
                            </code>
                            <CopyHashButton value={f.hashes[algorithm]!} label={t('copyLabel', { algorithm: t(algorithm), filename: f.filename })} copiedLabel={t('copied')} />
                          </dd>
                        </div>
                      ) : null,
                    )}
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
        </section>

        {dependencies.length ? (
          <section className="version-card" aria-labelledby="version-deps">
            <h3 id="version-deps" className="version-card__title">
              {t('dependencies')}
            </h3>
            <ul className="dependency-list">
              {dependencies.map((d, i) => (
                <li key={`${d.project?.id ?? d.fileName ?? 'x'}-${i}`} className="dependency">
                  <span className="dependency__icon" aria-hidden="true">
                    {d.project?.iconUrl ? <img src={d.project.iconUrl} alt="" width={40} height={40} loading="lazy" /> : <Icon name={(d.project?.projectType ?? 'mod') as IconName} size={22} />}
                  </span>
                  <span className="dependency__text">
                    {d.project ? (
                      <Link href={d.version ? `${d.project.path}/version/${encodeURIComponent(d.version.id)}` : d.project.path} className="dependency__name">
                        {d.project.title}
                      </Link>
                    ) : (
                      <span className="dependency__name">{d.fileName ?? t('unknownDependency')}</span>
                    )}
                    <span className="dependency__meta">
                      {d.version ? `${t('versionOf', { number: d.version.versionNumber })} · ` : ''}
                      <span className={`dependency__type dependency__type--${d.dependencyType}`}>{t(`dependencyType.${d.dependencyType}`)}</span>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {version.changelog?.trim() ? (
          <section className="version-card" aria-labelledby="version-changelog">
            <h3 id="version-changelog" className="version-card__title">
              {t('changelog')}
            </h3>
            <Markdown source={version.changelog} />
          </section>
        ) : null}

        <section className="version-card" aria-labelledby="version-meta">
          <h3 id="version-meta" className="version-card__title">
            {t('metadata')}
          </h3>
          <dl className="meta-list">
            <div>
              <dt>{t('releaseChannel')}</dt>
              <dd>
                <ChannelBadge channel={channel} label={tc(channel)} full />
              </dd>
            </div>
            <div>
              <dt>{t('versionNumber')}</dt>
              <dd>{version.versionNumber}</dd>
            </div>
            <div>
              <dt>{t('loaders')}</dt>
              <dd>{loaders.map((l) => tagLabel(l)).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>{t('gameVersions')}</dt>
              <dd>{collapseGameVersions(gameVersions, gameVersionTags) || '—'}</dd>
            </div>
            <div>
              <dt>{t('downloads')}</dt>
              <dd>{formatNumber(version.downloads ?? 0, locale)}</dd>
            </div>
            <div>
              <dt>{t('publishedOn')}</dt>
              <dd>
                <time dateTime={published}>{format.dateTime(new Date(published), { dateStyle: 'long', timeStyle: 'short' })}</time>
              </dd>
            </div>
            {page.author ? (
              <div>
                <dt>{t('author')}</dt>
                <dd>
                  <Link href={`/user/${encodeURIComponent(page.author.username)}`} className="meta-list__user">
                    {page.author.avatarUrl ? <img src={page.author.avatarUrl} alt="" width={24} height={24} loading="lazy" /> : null}
                    {page.author.username}
                  </Link>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('versionId')}</dt>
              <dd>
                <code>{version.id}</code> <CopyIdButton id={version.id} kind="version" always={data.insider} compact />
              </dd>
            </div>
          </dl>
          <ReportButton type="version" id={version.id} name={`${data.project.title} ${version.versionNumber}`} className="button button--secondary button--small" />
        </section>
      </article>
    </ProjectShell>
  )
}
