'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useId, useState } from 'react'

export const DEPENDENCY_KINDS = ['required', 'optional', 'incompatible', 'embedded'] as const
export type DependencyKind = (typeof DEPENDENCY_KINDS)[number]
export type DependencyRow = { project: string; projectTitle: string; version: string | null; dependencyType: DependencyKind }

/** What the REST write takes: the project, the pinned version when there is one, the kind. */
export const dependenciesPayload = (rows: DependencyRow[]) => rows.map((r) => ({ project: r.project, version: r.version, dependencyType: r.dependencyType }))

/** `sodium`, an id, or a project's address on this or any Modrinth-style site: the last path segment names it. */
export function projectKeyOf(input: string): string {
  const trimmed = input.trim()
  try {
    const url = new URL(trimmed)
    const parts = url.pathname.split('/').filter(Boolean)
    return parts.length >= 2 ? decodeURIComponent(parts[1]) : trimmed
  } catch {
    return trimmed
  }
}

type VersionChoice = { id: string; version_number: string }

/** One dependency: the project, its kind, and optionally one version of it (loaded from /v2 when asked). */
function Row({ row, index, onChange, onRemove }: { row: DependencyRow; index: number; onChange: (next: DependencyRow) => void; onRemove: () => void }) {
  const t = useTranslations('VersionForm.dependencies')
  const [versions, setVersions] = useState<VersionChoice[] | null>(null)
  useEffect(() => {
    let live = true
    fetch(`/v2/project/${encodeURIComponent(row.project)}/version`, { credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<VersionChoice[]>) : []))
      .then((list) => live && setVersions(list))
      .catch(() => live && setVersions([]))
    return () => {
      live = false
    }
  }, [row.project])
  const id = `dep-${index}`
  return (
    <li className="dependency-editor__row">
      <span className="dependency-editor__title">{row.projectTitle}</span>
      <label className="visually-hidden" htmlFor={`${id}-kind`}>{t('kindOf', { project: row.projectTitle })}</label>
      <select id={`${id}-kind`} className="project-settings__input" value={row.dependencyType} onChange={(e) => onChange({ ...row, dependencyType: e.target.value as DependencyKind })}>
        {DEPENDENCY_KINDS.map((k) => <option key={k} value={k}>{t(`kinds.${k}`)}</option>)}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-version`}>{t('versionOf', { project: row.projectTitle })}</label>
      <select id={`${id}-version`} className="project-settings__input" value={row.version ?? ''} onChange={(e) => onChange({ ...row, version: e.target.value || null })}>
        <option value="">{t('anyVersion')}</option>
        {row.version && !versions?.some((v) => v.id === row.version) ? <option value={row.version}>{row.version}</option> : null}
        {(versions ?? []).map((v) => <option key={v.id} value={v.id}>{v.version_number}</option>)}
      </select>
      <button type="button" className="button button--secondary" onClick={onRemove} aria-label={t('removeLabel', { project: row.projectTitle })}>{t('remove')}</button>
    </li>
  )
}

/**
 * The dependencies of a version (spec: project or version; required, optional, incompatible,
 * embedded). A project is found by its slug, id or address through the public /v2 API, so only
 * projects the creator can see can be named; the server checks again on save.
 */
export function DependenciesField({ rows, onChange, selfProjectId }: { rows: DependencyRow[]; onChange: (rows: DependencyRow[]) => void; selfProjectId: string }) {
  const t = useTranslations('VersionForm.dependencies')
  const id = useId()
  const [query, setQuery] = useState('')
  const [kind, setKind] = useState<DependencyKind>('required')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function add() {
    const key = projectKeyOf(query)
    setError(null)
    if (!key) return setError(t('errors.empty'))
    setBusy(true)
    const res = await fetch(`/v2/project/${encodeURIComponent(key)}`, { credentials: 'same-origin' }).catch(() => null)
    setBusy(false)
    if (!res?.ok) return setError(t('errors.notFound', { project: key }))
    const project = (await res.json()) as { id: string; title: string }
    if (project.id === selfProjectId) return setError(t('errors.self'))
    if (rows.some((r) => r.project === project.id)) return setError(t('errors.duplicate', { project: project.title }))
    onChange([...rows, { project: project.id, projectTitle: project.title, version: null, dependencyType: kind }])
    setQuery('')
  }

  return (
    <fieldset className="project-settings__field dependency-editor" aria-describedby={`${id}-hint`}>
      <legend className="project-settings__label">{t('heading')}</legend>
      <p id={`${id}-hint`} className="project-settings__hint">{t('hint')}</p>
      {rows.length ? (
        <ul className="dependency-editor__list" aria-label={t('listLabel')}>
          {rows.map((row, i) => (
            <Row key={row.project} row={row} index={i} onChange={(next) => onChange(rows.map((r, j) => (j === i ? next : r)))} onRemove={() => onChange(rows.filter((_, j) => j !== i))} />
          ))}
        </ul>
      ) : null}
      <div className="dependency-editor__add">
        <label htmlFor={`${id}-project`} className="visually-hidden">{t('projectLabel')}</label>
        <input
          id={`${id}-project`}
          className="project-settings__input"
          placeholder={t('projectPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              void add()
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={`${id}-kind`} className="visually-hidden">{t('kindLabel')}</label>
        <select id={`${id}-kind`} className="project-settings__input" value={kind} onChange={(e) => setKind(e.target.value as DependencyKind)}>
          {DEPENDENCY_KINDS.map((k) => <option key={k} value={k}>{t(`kinds.${k}`)}</option>)}
        </select>
        <button type="button" className="button button--secondary" onClick={() => void add()} disabled={busy}>{t('add')}</button>
      </div>
      {error ? <p id={`${id}-error`} className="project-settings__field-error" role="alert">{error}</p> : null}
    </fieldset>
  )
}
