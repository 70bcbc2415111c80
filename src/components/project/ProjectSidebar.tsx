import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { HouseAd, promoForProjectType } from '@/components/ads/HouseAd'
import { getTagLabeler } from '@/components/search/labels'
import { readCosmetic } from '@/lib/cosmetics/server'
import { collapseGameVersions, type GameVersionTag } from '@/lib/format'
import type { ProjectPageData } from '@/lib/data/page-project'
import { environmentOf } from '@/lib/project/versions'
import { tagIconClass } from '@/lib/search/tagIcons'

import { PIcon, type ProjectIconName } from '@/components/site/icons'

const safeHref = (url: string | null | undefined): string | null => (url && /^https?:\/\//i.test(url) ? url : null)

/** Compatibility, links, creators and details of a project (spec §2). */
export async function ProjectSidebar({ data, gameVersionTags }: { data: ProjectPageData; gameVersionTags: GameVersionTag[] }) {
  // Links to other sites open in a new tab unless the reader turned externalLinksNewTab off (spec §3).
  const [t, format, tagLabel, newTab] = await Promise.all([getTranslations('Project'), getFormatter(), getTagLabeler(), readCosmetic('externalLinksNewTab')])
  const target = newTab ? '_blank' : undefined
  const { project } = data
  const environment = environmentOf(project.clientSide, project.serverSide)
  const ranges = collapseGameVersions(data.gameVersions, gameVersionTags)
  const dated = (key: 'created' | 'published' | 'submitted' | 'updated', iso: string) =>
    t.rich(`sidebar.${key}`, {
      date: format.dateTime(new Date(iso), { dateStyle: 'medium' }),
      time: (chunks) => (
        <time dateTime={iso} title={format.dateTime(new Date(iso), { dateStyle: 'full', timeStyle: 'short' })}>
          {chunks}
        </time>
      ),
    })
  const links: { key: string; href: string; icon: ProjectIconName; label: string }[] = []
  const add = (key: string, url: string | null | undefined, icon: ProjectIconName, label: string) => {
    const href = safeHref(url)
    if (href) links.push({ key, href, icon, label })
  }
  add('issues', project.issuesUrl, 'issues', t('sidebar.issues'))
  add('source', project.sourceUrl, 'code', t('sidebar.source'))
  add('wiki', project.wikiUrl, 'book', t('sidebar.wiki'))
  add('discord', project.discordUrl, 'chat', t('sidebar.discord'))
  data.donationLinks.forEach((d, i) => add(`donation-${i}`, d.url, 'gift', t('sidebar.donate', { platform: d.platformName })))
  const licenseId = relationLabel(project.license) || data.license?.id || ''
  // No URL of its own: SPDX licenses link to their text on spdx.org (as Modrinth does); custom ones (LicenseRef-…) do not.
  const licenseUrl = safeHref(project.licenseUrl) ?? (licenseId && !licenseId.startsWith('LicenseRef-') ? `https://spdx.org/licenses/${encodeURIComponent(licenseId)}.html` : null)
  const licenseName = data.license?.name || licenseId || (licenseUrl ? t('sidebar.licenseLabel') : null)
  const approved = project.approved ?? null

  return (
    <aside className="project-sidebar" aria-label={t('sidebar.label')}>
      <section className="sidebar-card" aria-labelledby="sidebar-compat">
        <h2 id="sidebar-compat" className="sidebar-card__title">
          {t('sidebar.compatibility')}
        </h2>
        <h3 className="sidebar-card__subtitle">{t('sidebar.gameName')}</h3>
        <p className="sidebar-card__versions">{ranges || t('sidebar.noGameVersions')}</p>
        {data.loaderTags.length ? (
          <>
            <h3 className="sidebar-card__subtitle">{t('sidebar.platforms')}</h3>
            <ul className="tag-list">
              {data.loaderTags.map((l) => (
                <li key={l.name} className="tag-chip">
                  <span className={`tag-icon ${tagIconClass('loader', l.name)}`} aria-hidden="true" />
                  {tagLabel(l.name)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {project.projectType !== 'resourcepack' && project.projectType !== 'shader' ? (
          <>
            <h3 className="sidebar-card__subtitle">{t('sidebar.environments')}</h3>
            <ul className="tag-list">
              <li className="tag-chip">{t(`environment.${environment}`)}</li>
            </ul>
          </>
        ) : null}
      </section>

      {links.length ? (
        <section className="sidebar-card" aria-labelledby="sidebar-links">
          <h2 id="sidebar-links" className="sidebar-card__title">
            {t('sidebar.links')}
          </h2>
          <ul className="sidebar-links">
            {links.map((l) => (
              <li key={l.key}>
                <a href={l.href} rel="noopener nofollow ugc" target={target} className="sidebar-link">
                  <PIcon name={l.icon} />
                  <span>{l.label}</span>
                  <PIcon name="external" size={14} className="sidebar-link__external" />
                  <span className="visually-hidden"> {t('sidebar.externalHint')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="sidebar-card" aria-labelledby="sidebar-creators">
        <h2 id="sidebar-creators" className="sidebar-card__title">
          {t('sidebar.creators')}
        </h2>
        <ul className="creator-list">
          {data.organization ? (
            <li>
              <Link href={`/organization/${encodeURIComponent(data.organization.slug)}`} className="creator">
                <span className="creator__avatar creator__avatar--square" aria-hidden="true">
                  {data.organization.iconUrl ? <img src={data.organization.iconUrl} alt="" width={40} height={40} loading="lazy" /> : data.organization.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="creator__text">
                  <span className="creator__name">{data.organization.name}</span>
                  <span className="creator__role">{t('sidebar.organization')}</span>
                </span>
              </Link>
            </li>
          ) : null}
          {data.members.map(({ member, user, avatar }) => {
            const avatarUrl = avatar?.sizes?.icon?.url ?? avatar?.url ?? null
            return (
              <li key={member.id}>
                <Link href={`/user/${encodeURIComponent(user.username)}`} className="creator">
                  <span className="creator__avatar" aria-hidden="true">
                    {avatarUrl ? <img src={relative(avatarUrl)} alt="" width={40} height={40} loading="lazy" /> : user.username.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="creator__text">
                    <span className="creator__name">{user.username}</span>
                    <span className="creator__role">{member.role || (member.isOwner ? t('sidebar.owner') : '')}</span>
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      </section>

      <section className="sidebar-card" aria-labelledby="sidebar-details">
        <h2 id="sidebar-details" className="sidebar-card__title">
          {t('sidebar.details')}
        </h2>
        <ul className="details-list">
          {licenseName ? (
            <li>
              <PIcon name="scale" />
              <span>
                {t.rich('sidebar.license', {
                  license: licenseName,
                  name: (chunks) =>
                    licenseUrl ? (
                      <a href={licenseUrl} rel="noopener nofollow ugc" target={target}>
                        {chunks}
                      </a>
                    ) : (
                      <strong>{chunks}</strong>
                    ),
                })}
              </span>
            </li>
          ) : null}
          <li>
            <PIcon name="calendar" />
            <span>{dated('created', project.published ?? project.createdAt)}</span>
          </li>
          {approved ? (
            <li>
              <PIcon name="calendar" />
              <span>{dated('published', approved)}</span>
            </li>
          ) : null}
          {project.queued && project.status === 'processing' ? (
            <li>
              <PIcon name="clock" />
              <span>{dated('submitted', project.queued!)}</span>
            </li>
          ) : null}
          {project.updated ? (
            <li>
              <PIcon name="clock" />
              <span>{dated('updated', project.updated!)}</span>
            </li>
          ) : null}
        </ul>
      </section>
      {/* Signed-out visitors only (spec §6); our own promotion. */}
      <HouseAd promo={promoForProjectType(project.projectType)} />
    </aside>
  )
}

const relationLabel = (value: unknown): string => (typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : '')

/** Payload makes upload URLs absolute; ours are linked root-relative. */
function relative(url: string): string {
  try {
    const u = new URL(url)
    return u.pathname.startsWith('/api/') ? `${u.pathname}${u.search}` : url
  } catch {
    return url
  }
}
