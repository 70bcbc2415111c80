import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { DEFAULT_LOADER_VERSION, MODPACK_LOADER_NAMES, MODPACK_LOADERS, parseExportChoice, type ModpackLoader } from '@/lib/collections/modpack'
import { collectionExportOptions, planCollectionExport, type ExportPlan } from '@/lib/data/collectionExport'
import { currentViewer } from '@/lib/data/currentViewer'

type Search = Record<string, string | string[] | undefined>
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''

/**
 * /collection/{id}/export: choose a game version and loader, see which version of each project goes
 * in (and why the others do not), then download the .mrpack or every file as a zip. A GET form, so
 * the choice is in the address and the page works without JavaScript.
 */
export async function ExportPage({ id, search }: { id: string; search: Search }) {
  const viewer = await currentViewer()
  const options = await collectionExportOptions(viewer, id)
  if (!options) notFound()
  const [t, tc] = await Promise.all([getTranslations('CollectionExport'), getTranslations('Collections')])
  const { page } = options
  const name = page.virtual ? tc('following.name') : page.collection.name
  const base = `/collection/${encodeURIComponent(page.collection.id)}`
  const asked = one(search.game_version) !== ''
  const parsed = asked ? parseExportChoice(search) : null
  const plan: ExportPlan | null = parsed?.ok ? await planCollectionExport(viewer, page, parsed.choice) : null
  const errors = parsed && !parsed.ok ? parsed.errors : []
  const chosenLoader = one(search.loader) || options.loaders.find((l) => (MODPACK_LOADERS as readonly string[]).includes(l)) || ''
  const loaderLabel = (l: string) => MODPACK_LOADER_NAMES[l as ModpackLoader] ?? l
  const query = parsed?.ok ? `?${new URLSearchParams({ game_version: parsed.choice.gameVersion, loader: parsed.choice.loader ?? '', ...(parsed.choice.loaderVersion ? { loader_version: parsed.choice.loaderVersion } : {}) })}` : ''

  return (
    <div className="container single-page collection-export">
      <div className="settings-content">
        <Link href={base} className="project-settings__back">
          ← {t('back')}
        </Link>
        <h1 className="settings-header__title">{t('heading', { name })}</h1>
        <p className="settings-card__lead">{t('lead')}</p>
        {page.projects.length === 0 ? (
          <p className="empty-note">{t('empty')}</p>
        ) : (
          <form method="get" action={`${base}/export`} className="settings-form project-settings__form collection-export__form" noValidate>
            <div className="project-settings__row">
              <div className="project-settings__field">
                <label htmlFor="export-game-version" className="project-settings__label">
                  {t('gameVersion')}
                </label>
                <select id="export-game-version" name="game_version" defaultValue={one(search.game_version) || options.gameVersions[0]} className="project-settings__input" aria-invalid={errors.includes('gameVersion') || undefined}>
                  {options.gameVersions.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
                {errors.includes('gameVersion') ? <p className="project-settings__field-error" role="alert">{t('errors.gameVersion')}</p> : null}
              </div>
              <div className="project-settings__field">
                <label htmlFor="export-loader" className="project-settings__label">
                  {t('loader')}
                </label>
                <select id="export-loader" name="loader" defaultValue={chosenLoader} className="project-settings__input" aria-invalid={errors.includes('loader') || undefined}>
                  <option value="">{t('noLoader')}</option>
                  {MODPACK_LOADERS.map((l) => (
                    <option key={l} value={l}>
                      {loaderLabel(l)}
                    </option>
                  ))}
                </select>
                {errors.includes('loader') ? <p className="project-settings__field-error" role="alert">{t('errors.loader')}</p> : null}
              </div>
              <div className="project-settings__field">
                <label htmlFor="export-loader-version" className="project-settings__label">
                  {t('loaderVersion')}
                </label>
                <input id="export-loader-version" name="loader_version" defaultValue={one(search.loader_version)} placeholder={DEFAULT_LOADER_VERSION[chosenLoader as ModpackLoader] ?? ''} className="project-settings__input" aria-describedby="export-loader-version-hint" aria-invalid={errors.includes('loaderVersion') || undefined} />
                {errors.includes('loaderVersion') ? <p className="project-settings__field-error" role="alert">{t('errors.loaderVersion')}</p> : null}
              </div>
            </div>
            <p id="export-loader-version-hint" className="project-settings__hint">
              {t('loaderVersionHint')}
            </p>
            <button type="submit" className="button button--secondary">
              {t('preview')}
            </button>
          </form>
        )}
        {plan && parsed?.ok ? <PlanView plan={plan} base={base} query={query} gameVersion={parsed.choice.gameVersion} loader={parsed.choice.loader ? loaderLabel(parsed.choice.loader) : 'none'} /> : null}
      </div>
    </div>
  )
}

async function PlanView({ plan, base, query, gameVersion, loader }: { plan: ExportPlan; base: string; query: string; gameVersion: string; loader: string }) {
  const t = await getTranslations('CollectionExport')
  return (
    <section className="collection-export__plan" aria-labelledby="export-included">
      {plan.included.length ? (
        <p className="collection-export__actions">
          <a href={`${base}/export.mrpack${query}`} className="button button--primary" download>
            {t('downloadPack')}
          </a>
          <a href={`${base}/download.zip${query}`} className="button button--secondary" download>
            {t('downloadZip')}
          </a>
        </p>
      ) : (
        <p className="project-settings__error" role="status">
          {t('nothing')}
        </p>
      )}
      <h2 id="export-included" className="project-settings__subheading">
        {t('included', { count: plan.included.length })}
      </h2>
      {plan.included.length ? (
        <div className="dashboard-table-wrap">
          <table className="dashboard-table">
            <caption className="visually-hidden">{t('included', { count: plan.included.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('project')}</th>
                <th scope="col">{t('version')}</th>
                <th scope="col">{t('file')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.included.map((p) => (
                <tr key={p.projectId}>
                  <th scope="row">
                    <Link href={p.path}>{p.title}</Link>
                  </th>
                  <td>
                    <Link href={`${p.path}/version/${encodeURIComponent(p.versionId)}`}>{p.versionNumber}</Link>
                  </td>
                  <td className="collection-export__file">{`${p.file.folder}/${p.file.filename}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {plan.skipped.length ? (
        <>
          <h2 className="project-settings__subheading">{t('skipped', { count: plan.skipped.length })}</h2>
          <ul className="collection-export__skipped">
            {plan.skipped.map((p) => (
              <li key={p.projectId}>
                <Link href={p.path}>{p.title}</Link> — {t(`reasons.${p.skip}`, { gameVersion, loader })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
