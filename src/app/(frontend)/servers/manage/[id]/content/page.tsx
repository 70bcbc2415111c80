import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { CatalogueHit } from '@/components/servers/CatalogueHit'
import { ContentFileForm, InstallCollectionForm, InstallModpackForm, InstallProjectForm } from '@/components/servers/ContentForms'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { collectionsToInstall, searchForServer, searchModpacks, serverContent } from '@/lib/data/serverContent'
import { projectPath } from '@/lib/search/displayType'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('content.title'), robots: { index: false } }
}

type Query = { q?: string | string[]; all?: string | string[]; pack?: string | string[] }

/** /servers/manage/{id}/content?q=&all=1: what is installed, the catalogue for this server, and collections to install. */
export default async function ServerContentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Query> }) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const signed = { ...viewer, user: viewer.user }
  const text = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : ''
  const everything = query.all === '1'
  const packText = typeof query.pack === 'string' ? query.pack.trim().slice(0, 200) : ''
  const [content, search, collections, packs] = await Promise.all([
    serverContent(signed, id),
    searchForServer(viewer, { loader: server.loader, game_version: server.gameVersion }, text, everything),
    collectionsToInstall(viewer),
    searchModpacks(viewer, { game_version: server.gameVersion }, packText),
  ])
  const base = `/servers/manage/${id}/content`
  return (
    <>
      <section className="settings-card content-page" aria-labelledby="server-content">
        <h2 id="server-content" className="settings-card__title">
          {t('content.title')}
        </h2>
        {'error' in content ? (
          <p className="form-error" role="alert">
            {content.error}
          </p>
        ) : (
          <>
            <h3>{t('content.installedHeading', { folder: content.folder })}</h3>
            {content.items.length ? (
              <ul className="content-list" aria-label={t('content.installedHeading', { folder: content.folder })}>
                {content.items.map((item) => (
                  <li key={item.file} className="content-item" data-testid="installed-item">
                    <div className="content-item__about">
                      {item.project ? (
                        <Link href={projectPath(item.project.projectType, [], item.project.slug)}>{item.project.title}</Link>
                      ) : (
                        <span>{t('content.unknown')}</span>
                      )}{' '}
                      {item.version ? <span className="content-item__version">{t('content.version', { version: item.version.number })}</span> : null}
                      {item.disabled ? <span className="badge">{t('content.disabledBadge')}</span> : null}
                      <code className="content-item__file">{item.file}</code>
                    </div>
                    <ContentFileForm
                      serverId={id}
                      file={item.file}
                      text={{
                        update: item.update ? t('content.updateTo', { version: item.update.number }) : undefined,
                        updateLabel: item.update ? t('content.updateName', { file: item.file, version: item.update.number }) : undefined,
                        toggle: item.disabled ? t('content.enable') : t('content.disable'),
                        toggleLabel: item.disabled ? t('content.enableName', { file: item.file }) : t('content.disableName', { file: item.file }),
                        remove: t('content.remove'),
                        removeLabel: t('content.removeName', { file: item.file }),
                      }}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="files__empty">{t('content.none')}</p>
            )}
          </>
        )}
      </section>

      <section className="settings-card content-page" aria-labelledby="content-search">
        <h2 id="content-search" className="settings-card__title">
          {t('content.searchHeading')}
        </h2>
        <form method="get" action={base} className="content-search" role="search" aria-label={t('content.searchLabel')}>
          <label>
            <span className="visually-hidden">{t('content.searchLabel')}</span>
            <input type="search" name="q" className="input" defaultValue={text} placeholder={t('content.searchLabel')} maxLength={200} />
          </label>
          {everything ? <input type="hidden" name="all" value="1" /> : null}
          <button type="submit" className="button button--secondary">
            {t('content.search')}
          </button>
        </form>
        <p className="content-search__for">
          {everything ? t('content.showingEverything') : t('content.forServer', { gameVersion: server.gameVersion, loader: server.loader === 'flying-squid' ? 'none' : server.loader })}{' '}
          <strong data-testid="content-count">{t('content.count', { count: search.total })}</strong>
        </p>
        {search.hits.length ? (
          <ul className="content-list">
            {search.hits.map((hit) => (
              <CatalogueHit key={hit.project_id} hit={hit} testId="content-hit">
                <InstallProjectForm serverId={id} projectId={hit.project_id} everything={everything} text={{ install: t('content.install'), label: t('content.installName', { title: hit.title }) }} />
              </CatalogueHit>
            ))}
          </ul>
        ) : (
          <div className="empty-state">
            <p>{t('content.empty')}</p>
            {everything ? null : (
              <Link className="button button--secondary" href={`${base}?${new URLSearchParams({ ...(text ? { q: text } : {}), all: '1' })}`}>
                {t('content.showEverything')}
              </Link>
            )}
          </div>
        )}
      </section>

      <section className="settings-card content-page" aria-labelledby="content-modpacks">
        <h2 id="content-modpacks" className="settings-card__title">
          {t('content.modpackHeading')}
        </h2>
        <p className="content-search__for">{t('content.modpackLead', { gameVersion: server.gameVersion })}</p>
        <form method="get" action={base} className="content-search" role="search" aria-label={t('content.modpackSearchLabel')}>
          <label>
            <span className="visually-hidden">{t('content.modpackSearchLabel')}</span>
            <input type="search" name="pack" className="input" defaultValue={packText} placeholder={t('content.modpackSearchLabel')} maxLength={200} />
          </label>
          <button type="submit" className="button button--secondary">
            {t('content.search')}
          </button>
        </form>
        {packs.hits.length ? (
          <ul className="content-list">
            {packs.hits.map((hit) => (
              <CatalogueHit key={hit.project_id} hit={hit} testId="modpack-hit">
                <InstallModpackForm serverId={id} projectId={hit.project_id} text={{ install: t('content.installModpack'), label: t('content.installModpackName', { title: hit.title }) }} />
              </CatalogueHit>
            ))}
          </ul>
        ) : (
          <p className="files__empty">{t('content.noModpacks')}</p>
        )}
      </section>

      <section className="settings-card content-page" aria-labelledby="content-collection">
        <h2 id="content-collection" className="settings-card__title">
          {t('content.collectionHeading')}
        </h2>
        {collections.length ? (
          <InstallCollectionForm
            serverId={id}
            collections={collections.map((c) => ({ id: c.id, label: t('content.collectionOption', { name: c.name, count: c.count }) }))}
            text={{ label: t('content.collectionLabel'), submit: t('content.installCollection') }}
          />
        ) : (
          <p className="files__empty">{t('content.noCollections')}</p>
        )}
      </section>
    </>
  )
}
