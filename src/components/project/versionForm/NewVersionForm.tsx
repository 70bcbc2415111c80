'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react'

import { readFileMeta } from '@/lib/versionMeta/read'
import { formatBytes } from '@/lib/limits'
import { FILE_TYPES } from '@/lib/versionFiles'

import { CHANNELS, VersionTagFields } from './VersionTagFields'
import { DependenciesField, dependenciesPayload, type DependencyRow } from './DependenciesField'
import { createDraftVersion, deleteVersion, listVersion, uploadFile, type UploadHandle } from './upload'


type Pending = { key: string; file: File; fileType: string; progress: number; error?: string }
type Props = {
  projectId: string
  projectType: string
  projectPath: string
  gameVersions: { version: string; versionType: string }[]
  loaders: { id: string; label: string }[]
}

/**
 * Publishing a version (issue 13): files dropped or chosen, the primary one read for its metadata
 * (loaders, game versions, version number) offered as defaults, then uploaded with progress and a
 * way to cancel. Fields the creator changed are never overwritten by what a file says.
 */
export function NewVersionForm({ projectId, projectType, projectPath, gameVersions, loaders }: Props) {
  const t = useTranslations('VersionForm')
  const router = useRouter()
  const [files, setFiles] = useState<Pending[]>([])
  const [primary, setPrimary] = useState<string | null>(null)
  const [versionNumber, setVersionNumber] = useState('')
  const [name, setName] = useState('')
  const [channel, setChannel] = useState<(typeof CHANNELS)[number]>('release')
  const [chosenLoaders, setChosenLoaders] = useState<string[]>([])
  const [chosenGameVersions, setChosenGameVersions] = useState<string[]>([])
  const [changelog, setChangelog] = useState('')
  const [dependencies, setDependencies] = useState<DependencyRow[]>([])
  const [featured, setFeatured] = useState(false)
  const [readFrom, setReadFrom] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const touched = useRef(new Set<string>())
  const uploads = useRef<UploadHandle[]>([])
  const cancelled = useRef(false)
  const [dragging, setDragging] = useState(false)

  const known = useMemo(() => gameVersions.map((g) => g.version), [gameVersions])
  const touch = (field: string) => touched.current.add(field)

  async function addFiles(list: FileList | File[]) {
    const added = [...list].map((file, i) => ({ key: `${file.name}-${file.size}-${Date.now()}-${i}`, file, fileType: 'unknown', progress: 0 }))
    if (!added.length) return
    setFiles((prev) => [...prev, ...added])
    if (primary === null) {
      setPrimary(added[0].key)
      await applyMeta(added[0].file)
    }
  }

  async function applyMeta(file: File) {
    const meta = await readFileMeta(new Uint8Array(await file.arrayBuffer()), known, projectType)
    setReadFrom(meta.source)
    if (meta.versionNumber && !touched.current.has('versionNumber')) setVersionNumber(meta.versionNumber.slice(0, 32))
    const usableLoaders = meta.loaders.filter((l) => loaders.some((x) => x.id === l))
    if (usableLoaders.length && !touched.current.has('loaders')) setChosenLoaders(usableLoaders)
    if (meta.gameVersions.length && !touched.current.has('gameVersions')) setChosenGameVersions(meta.gameVersions)
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault()
    setDragging(false)
    void addFiles(e.dataTransfer.files)
  }

  function removeFile(key: string) {
    setFiles((prev) => prev.filter((f) => f.key !== key))
    if (primary === key) setPrimary(files.find((f) => f.key !== key)?.key ?? null)
  }

  function check(): Record<string, string> {
    const e: Record<string, string> = {}
    if (!files.length) e.files = t('errors.noFiles')
    if (!versionNumber.trim()) e.versionNumber = t('errors.versionNumber')
    if (!chosenLoaders.length) e.loaders = t('errors.loaders')
    if (!chosenGameVersions.length) e.gameVersions = t('errors.gameVersions')
    return e
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = check()
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length) return
    setBusy(true)
    cancelled.current = false
    const fallback = t('errors.failed')
    const draft = await createDraftVersion(
      { project: projectId, versionNumber: versionNumber.trim(), name: name.trim() || undefined, versionType: channel, loaders: chosenLoaders, gameVersions: chosenGameVersions, changelog, featured, dependencies: dependenciesPayload(dependencies) },
      fallback,
    )
    if (!('id' in draft)) {
      setErrors(draft.fields)
      setFormError(draft.form ?? null)
      setBusy(false)
      return
    }
    for (const pending of files) {
      if (cancelled.current) return stop(draft.id)
      const handle = uploadFile(pending.file, { version: draft.id, primary: pending.key === primary, fileType: pending.key === primary ? undefined : pending.fileType }, (p) => setFiles((prev) => prev.map((f) => (f.key === pending.key ? { ...f, progress: p } : f))), fallback)
      uploads.current = [handle]
      const result = await handle.done
      if (result === true) continue
      // Cancelled or refused: the draft goes, with any file already stored.
      await deleteVersion(draft.id)
      if (result !== 'cancelled') {
        const message = result.fields.file ?? result.form ?? Object.values(result.fields)[0] ?? fallback
        setFiles((prev) => prev.map((f) => (f.key === pending.key ? { ...f, error: message, progress: 0 } : { ...f, progress: 0 })))
        setFormError(t('errors.fileRefused', { file: pending.file.name }))
        setBusy(false)
        return
      }
      return stop(draft.id, false)
    }
    // Cancelled while the last file finished: still nothing is published.
    if (cancelled.current) return stop(draft.id)
    const listed = await listVersion(draft.id, fallback)
    if (listed !== true) {
      await deleteVersion(draft.id)
      setFormError(listed.form ?? fallback)
      setBusy(false)
      return
    }
    router.push(`${projectPath}/version/${encodeURIComponent(versionNumber.trim())}`)
    router.refresh()
  }

  /** Cancelled: the draft (and any file already stored) is deleted, the form is as it was. */
  async function stop(draftId: string, remove = true) {
    if (remove) await deleteVersion(draftId)
    setFiles((prev) => prev.map((f) => ({ ...f, progress: 0 })))
    setFormError(t('cancelled'))
    setBusy(false)
  }

  function cancel() {
    cancelled.current = true
    for (const u of uploads.current) u.cancel()
  }

  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`nv-${key}-error`} className="project-settings__field-error" role="alert">
        {errors[key]}
      </p>
    ) : null

  return (
    <form onSubmit={onSubmit} className="settings-form project-settings__form version-form" noValidate aria-busy={busy || undefined}>
      <fieldset disabled={busy} className="project-settings__fieldset">
        <div className="project-settings__field">
          <span className="project-settings__label" id="nv-files-label">{t('files')}</span>
          <label className={`version-form__drop${dragging ? ' version-form__drop--over' : ''}`} onDragOver={(e) => { e.preventDefault(); setDragging(true) }} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
            <input type="file" multiple className="visually-hidden" aria-labelledby="nv-files-label" aria-describedby={errors.files ? 'nv-files-error' : 'nv-files-hint'} onChange={(e) => { if (e.target.files) void addFiles(e.target.files); e.target.value = '' }} />
            <span id="nv-files-hint">{t('drop')}</span>
          </label>
          {fieldError('files')}
          {readFrom ? <p className="project-settings__hint" role="status">{t('readFrom', { source: readFrom })}</p> : null}
          {files.length ? (
            <ul className="version-form__files">
              {files.map((f) => (
                <li key={f.key} className="version-form__file">
                  <div className="version-form__file-head">
                    <strong>{f.file.name}</strong> <span className="project-settings__hint">{formatBytes(f.file.size)}</span>
                    <label className="version-form__primary">
                      <input type="radio" name="primary" checked={primary === f.key} onChange={() => { setPrimary(f.key); void applyMeta(f.file) }} /> {t('primary')}
                    </label>
                    {primary !== f.key ? (
                      <select aria-label={t('fileType', { file: f.file.name })} value={f.fileType} onChange={(e) => setFiles((prev) => prev.map((x) => (x.key === f.key ? { ...x, fileType: e.target.value } : x)))} className="project-settings__input version-form__type">
                        {FILE_TYPES.map((ft) => (
                          <option key={ft} value={ft}>{t(`fileTypes.${ft}`)}</option>
                        ))}
                      </select>
                    ) : null}
                    <button type="button" className="button button--secondary button--small" onClick={() => removeFile(f.key)}>
                      {t('remove')}<span className="visually-hidden"> {f.file.name}</span>
                    </button>
                  </div>
                  {busy || f.progress > 0 ? <progress className="version-form__progress" max={1} value={f.progress} aria-label={t('progress', { file: f.file.name })} /> : null}
                  {f.error ? <p className="project-settings__field-error" role="alert">{f.error}</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="project-settings__row">
          <div className="project-settings__field">
            <label htmlFor="nv-versionNumber" className="project-settings__label">{t('versionNumber')}</label>
            <input id="nv-versionNumber" maxLength={32} value={versionNumber} onChange={(e) => { touch('versionNumber'); setVersionNumber(e.target.value) }} className="project-settings__input" aria-invalid={errors.versionNumber ? true : undefined} aria-describedby={errors.versionNumber ? 'nv-versionNumber-error' : undefined} />
            {fieldError('versionNumber')}
          </div>
          <div className="project-settings__field">
            <label htmlFor="nv-name" className="project-settings__label">{t('name')}</label>
            <input id="nv-name" maxLength={64} value={name} onChange={(e) => setName(e.target.value)} className="project-settings__input" placeholder={versionNumber} />
          </div>
        </div>

        <VersionTagFields
          idPrefix="nv"
          errors={errors}
          channel={channel}
          onChannel={setChannel}
          loaders={loaders}
          chosenLoaders={chosenLoaders}
          onLoaders={(next) => { touch('loaders'); setChosenLoaders(next) }}
          gameVersions={gameVersions}
          chosenGameVersions={chosenGameVersions}
          onGameVersions={(next) => { touch('gameVersions'); setChosenGameVersions(next) }}
        />

        <DependenciesField rows={dependencies} onChange={setDependencies} selfProjectId={projectId} />

        <div className="project-settings__field">
          <label htmlFor="nv-changelog" className="project-settings__label">{t('changelog')}</label>
          <textarea id="nv-changelog" rows={8} value={changelog} onChange={(e) => setChangelog(e.target.value)} className="project-settings__input project-settings__markdown" />
        </div>
        <label className="version-form__featured">
          <input type="checkbox" checked={featured} onChange={(e) => setFeatured(e.target.checked)} /> {t('featured')}
        </label>
      </fieldset>
      {formError ? <p className="project-settings__error" role="alert">{formError}</p> : null}
      <div className="create-dialog__actions version-form__actions">
        {busy ? (
          <button type="button" className="button button--secondary" onClick={cancel}>{t('cancel')}</button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('publishing') : t('publish')}</button>
      </div>
    </form>
  )
}
