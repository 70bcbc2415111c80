import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { formatNumber } from '@/lib/format'
import type { DashboardProject } from '@/lib/data/dashboard'
import { isProjectType } from '@/lib/projectTypes'
import { PROJECT_STATUSES, type ProjectStatus } from '@/lib/projectStatus'

const isStatus = (s: string): s is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(s)

/**
 * The viewer's projects as a table: name, type, status, figures, owner, and a way to the settings.
 * With `selectForm`, a tick box per project whose details the viewer may edit, posted with that form.
 */
export async function ProjectTable({ projects, caption, selectForm }: { projects: DashboardProject[]; caption: string; selectForm?: string }) {
  const [t, tp, tt] = await Promise.all([getTranslations('Dashboard.projects'), getTranslations('Project.status'), getTranslations('ProjectTypes')])
  return (
    <div className="dashboard-table-wrap">
      <table className="dashboard-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectForm ? (
              <th scope="col" className="dashboard-table__select">
                <span className="visually-hidden">{t('select')}</span>
              </th>
            ) : null}
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('type')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col" className="dashboard-table__number">{t('downloads')}</th>
            <th scope="col" className="dashboard-table__number">{t('followers')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projects.map((p) => (
            <tr key={p.id}>
              {selectForm ? (
                <td className="dashboard-table__select">
                  {p.canEditDetails ? <input type="checkbox" name="project" value={p.id} form={selectForm} aria-label={t('selectProject', { name: p.title })} /> : null}
                </td>
              ) : null}
              <th scope="row" className="dashboard-table__name">
                {p.iconUrl ? <img src={p.iconUrl} alt="" width={32} height={32} className="dashboard-table__icon" /> : <span className="dashboard-table__icon dashboard-table__icon--empty" aria-hidden="true" />}
                <span>
                  <Link href={p.path}>{p.title}</Link>
                  {p.organization ? <span className="dashboard-table__sub">{t('byOrganization', { name: p.organization.name })}</span> : null}
                </span>
              </th>
              <td>{isProjectType(p.projectType) ? tt(`${p.projectType}.singular`) : p.projectType}</td>
              <td>
                <span className={`status-badge status-badge--${p.status}`}>{isStatus(p.status) ? tp(p.status) : p.status}</span>
              </td>
              <td className="dashboard-table__number">{formatNumber(p.downloads)}</td>
              <td className="dashboard-table__number">{formatNumber(p.followers)}</td>
              <td>
                <Link href={`${p.path}/settings`} aria-label={t('settingsOf', { name: p.title })}>
                  {t('settings')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
