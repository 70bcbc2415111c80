'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useState, type FormEvent } from 'react'

import { DependenciesField, dependenciesPayload, type DependencyRow } from './DependenciesField'
import { apiErrors } from './upload'
import { VersionTagFields } from './VersionTagFields'

const STATUSES = ['listed', 'unlisted', 'archived', 'draft'] as const

type Props = {
  versionId: string
  projectId: string
  projectPath: string
  initialDependencies: DependencyRow[]
  initial: { versionNumber: string; name: string; channel: string; status: string; loaders: string[]; gameVersions: string[]; changelog: string; featured: boolean }
  gameVersions: { version: string; versionType: string }[]
  loaders: { id: string; label: string }[]
  canDelete: boolean
}

/** Edits a version's details through the same REST write rules as everything else; deletes it after a confirm. */
export function EditVersionForm({ versionId, projectId, projectPath, initial, initialDependencies, gameVersions, loaders, canDelete }: Props) {
  const t = useTranslations('VersionForm')
  const router = useRouter()
  const [v, setV] = useState(initial)
  const [dependencies, setDependencies] = useState(initialDependencies)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K]) => setV((prev) => ({ ...prev, [key]: value }))

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const found: Record<string, string> = {}
    if (!v.versionNumber.trim()) found.versionNumber = t('errors.versionNumber')
    if (!v.loaders.length) found.loaders = t('errors.loaders')
    if (!v.gameVersions.length) found.gameVersions = t('errors.gameVersions')
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length) return
    setBusy(true)
    const res = await fetch(`/api/versions/${encodeURIComponent(versionId)}?depth=0`, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ versionNumber: v.versionNumber.trim(), name: v.name.trim() || v.versionNumber.trim(), versionType: v.channel, status: v.status, loaders: v.loaders, gameVersions: v.gameVersions, changelog: v.changelog, featured: v.featured, dependencies: dependenciesPayload(dependencies) }),
    })
    setBusy(false)
    if (!res.ok) {
      const failed = apiErrors(await res.json().catch(() => null), t('errors.failed'))
      setErrors(failed.fields)
      setFormError(failed.form ?? null)
      return
    }
    router.push(`${projectPath}/version/${encodeURIComponent(versionId)}`)
    router.refresh()
  }

  async function onDelete() {
    setBusy(true)
    const res = await fetch(`/api/versions/${encodeURIComponent(versionId)}`, { method: 'DELETE', credentials: 'same-origin' })
    setBusy(false)
    if (!res.ok) {
      setFormError(apiErrors(await res.json().catch(() => null), t('errors.failed')).form ?? t('errors.failed'))
      return
    }
    router.push(`${projectPath}/versions`)
    router.refresh()
  }

  const fieldError = (key: string) => (errors[key] ? <p id={`ev-${key}-error`} className="project-settings__field-error" role="alert">{errors[key]}</p> : null)
  return (
    <>
      <form onSubmit={onSubmit} className="settings-form project-settings__form version-form" noValidate>
        <fieldset disabled={busy} className="project-settings__fieldset">
          <div className="project-settings__row">
            <div className="project-settings__field">
              <label htmlFor="ev-versionNumber" className="project-settings__label">{t('versionNumber')}</label>
              <input id="ev-versionNumber" maxLength={32} value={v.versionNumber} onChange={(e) => set('versionNumber', e.target.value)} className="project-settings__input" aria-invalid={errors.versionNumber ? true : undefined} aria-describedby={errors.versionNumber ? 'ev-versionNumber-error' : undefined} />
              {fieldError('versionNumber')}
            </div>
            <div className="project-settings__field">
              <label htmlFor="ev-name" className="project-settings__label">{t('name')}</label>
              <input id="ev-name" maxLength={64} value={v.name} onChange={(e) => set('name', e.target.value)} className="project-settings__input" />
            </div>
            <div className="project-settings__field">
              <label htmlFor="ev-status" className="project-settings__label">{t('status')}</label>
              <select id="ev-status" value={v.status} onChange={(e) => set('status', e.target.value)} className="project-settings__input">
                {/* A scheduled version keeps that status here; "Schedule release" below changes or cancels it. */}
                {initial.status === 'scheduled' ? <option value="scheduled">{t('statuses.scheduled')}</option> : null}
                {STATUSES.map((s) => <option key={s} value={s}>{t(`statuses.${s}`)}</option>)}
              </select>
            </div>
          </div>
          <VersionTagFields
            idPrefix="ev"
            errors={errors}
            channel={v.channel}
            onChannel={(c) => set('channel', c)}
            loaders={loaders}
            chosenLoaders={v.loaders}
            onLoaders={(next) => set('loaders', next)}
            gameVersions={gameVersions}
            chosenGameVersions={v.gameVersions}
            onGameVersions={(next) => set('gameVersions', next)}
          />
          <DependenciesField rows={dependencies} onChange={setDependencies} selfProjectId={projectId} />
          {errors.dependencies ? <p className="project-settings__field-error" role="alert">{errors.dependencies}</p> : null}
          <div className="project-settings__field">
            <label htmlFor="ev-changelog" className="project-settings__label">{t('changelog')}</label>
            <textarea id="ev-changelog" rows={8} value={v.changelog} onChange={(e) => set('changelog', e.target.value)} className="project-settings__input project-settings__markdown" />
          </div>
          <label className="version-form__featured"><input type="checkbox" checked={v.featured} onChange={(e) => set('featured', e.target.checked)} /> {t('featured')}</label>
        </fieldset>
        {formError ? <p className="project-settings__error" role="alert">{formError}</p> : null}
        <button type="submit" className="button button--primary" disabled={busy}>{t('saveChanges')}</button>
      </form>
      {canDelete ? (
        <section className="project-settings__danger" aria-labelledby="ev-delete-title">
          <h2 id="ev-delete-title" className="project-settings__subheading">{t('deleteHeading')}</h2>
          <p>{t('deleteBody')}</p>
          {confirming ? (
            <div className="create-dialog__actions version-form__actions">
              <button type="button" className="button button--danger" onClick={onDelete} disabled={busy}>{t('deleteConfirm')}</button>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>{t('cancelDelete')}</button>
            </div>
          ) : (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>{t('delete')}</button>
          )}
        </section>
      ) : null}
    </>
  )
}
