'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import type { OrganizationMemberRow, ProjectRow } from '@/lib/data/organizations'

import { addProjectAction, removeProjectAction, type OrgFormState } from './actions'
import { Outcome } from './Outcome'

function AddProjectForm({ organizationId, movable }: { organizationId: string; movable: ProjectRow[] }) {
  const t = useTranslations('Organizations.projects')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(addProjectAction, {})
  return (
    <section className="settings-card account-card" aria-labelledby="org-add-project-title">
      <h2 id="org-add-project-title" className="settings-card__title">{t('addHeading')}</h2>
      <p className="project-settings__hint">{t('addHint')}</p>
      {movable.length ? (
        <form action={action} className="settings-form">
          <input type="hidden" name="organization" value={organizationId} />
          <div className="project-settings__field">
            <label htmlFor="org-add-project" className="project-settings__label">{t('project')}</label>
            <select id="org-add-project" name="project" defaultValue="" className="project-settings__input">
              <option value="" disabled>{t('choose')}</option>
              {movable.map((p) => (
                <option key={p.id} value={p.id}>{p.title}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--primary" disabled={pending}>{t('add')}</button>
          <Outcome state={state} />
        </form>
      ) : (
        <p className="project-settings__hint">{t('noneToAdd')}</p>
      )}
      {!movable.length && state.done ? <Outcome state={state} /> : null}
    </section>
  )
}

function ProjectCard({ project, organizationId, members, canRemove, defaultOwner }: { project: ProjectRow; organizationId: string; members: OrganizationMemberRow[]; canRemove: boolean; defaultOwner: string }) {
  const t = useTranslations('Organizations.projects')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(removeProjectAction, {})
  const headingId = `org-project-${project.id}`
  return (
    <li className="members__card" aria-labelledby={headingId} data-testid="organization-project">
      <h3 id={headingId} className="members__name">
        <Link href={project.path}>{project.title}</Link>
      </h3>
      {canRemove ? (
        <form action={action} className="members__form" aria-label={t('removeHeading', { title: project.title })}>
          <input type="hidden" name="organization" value={organizationId} />
          <input type="hidden" name="project" value={project.id} />
          <p className="project-settings__hint">{t('removeHint')}</p>
          <div className="project-settings__field">
            <label htmlFor={`org-new-owner-${project.id}`} className="project-settings__label">{t('newOwner')}</label>
            <select id={`org-new-owner-${project.id}`} name="owner" defaultValue={defaultOwner} className="project-settings__input">
              {members.map((m) => (
                <option key={m.userId} value={m.userId}>{m.username}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--danger" disabled={pending}>
            {t('remove')}
            <span className="visually-hidden">: {project.title}</span>
          </button>
          <Outcome state={state} />
        </form>
      ) : null}
    </li>
  )
}

/** settings/projects: the organization's projects; move one of yours in (ADD_PROJECT) or one out (REMOVE_PROJECT). */
export function ProjectsManager({ organizationId, projects, movable, members, can, viewerId }: {
  organizationId: string
  projects: ProjectRow[]
  movable: ProjectRow[]
  members: OrganizationMemberRow[]
  can: { addProject: boolean; removeProject: boolean }
  viewerId: string
}) {
  const t = useTranslations('Organizations.projects')
  const accepted = members.filter((m) => m.accepted)
  const defaultOwner = accepted.some((m) => m.userId === viewerId) ? viewerId : (accepted.find((m) => m.isOwner)?.userId ?? '')
  return (
    <div className="members">
      {can.addProject ? <AddProjectForm organizationId={organizationId} movable={movable} /> : null}
      <section aria-labelledby="org-projects-title">
        <h2 id="org-projects-title" className="project-settings__subheading">{t('heading')}</h2>
        {projects.length ? (
          <ul className="members__list">
            {projects.map((p) => (
              <ProjectCard key={p.id} project={p} organizationId={organizationId} members={accepted} canRemove={can.removeProject} defaultOwner={defaultOwner} />
            ))}
          </ul>
        ) : (
          <p className="project-settings__hint">{t('none')}</p>
        )}
      </section>
    </div>
  )
}
