import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import type { CreatorProject } from '@/lib/data/adminWork'
import { adminEditPath } from '@/lib/adminPaths'

/** A creator's projects: status and what the publishing checklist still asks for, each opening its edit view. */
export async function CreatorPanel({ projects }: { projects: CreatorProject[] }) {
  const [t, status] = await Promise.all([getTranslations('AdminWork.creator'), getTranslations('Project.status')])
  return (
    <section className="bf-work__panel bf-work__panel--wide" aria-labelledby="bf-work-creator" data-testid="admin-work-creator">
      <h3 id="bf-work-creator" className="bf-work__panel-title">
        {t('heading')}
      </h3>
      {projects.length ? (
        <table className="bf-work__table">
          <thead>
            <tr>
              <th scope="col">{t('project')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('checklist')}</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => {
              const { required, warning, suggestion } = p.checklist
              const open = [required ? t('required', { count: required }) : null, warning ? t('warnings', { count: warning }) : null, suggestion ? t('suggestions', { count: suggestion }) : null].filter(Boolean)
              return (
                <tr key={p.id} data-testid="admin-work-project" data-project={p.id}>
                  <td>
                    <Link href={adminEditPath('projects', p.id)}>{p.title}</Link>{' '}
                    <a href={p.path} className="bf-work__detail" aria-label={t('viewOnSite', { title: p.title })}>
                      ↗
                    </a>
                  </td>
                  <td data-testid="admin-work-project-status">{status.has(p.status as never) ? status(p.status as never) : p.status}</td>
                  <td data-testid="admin-work-project-checklist">
                    {open.length ? open.join(' · ') : t('complete')}
                    {!required && (p.status === 'draft' || p.status === 'rejected' || p.status === 'withheld') ? <span className="bf-work__badge">{t('ready')}</span> : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : (
        <p className="bf-work__detail">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- from the admin panel, another root layout, to the site: a full load */}
          {t('empty')} <a href="/dashboard/projects">{t('create')}</a>
        </p>
      )}
    </section>
  )
}
