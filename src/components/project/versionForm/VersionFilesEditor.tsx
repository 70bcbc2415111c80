'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useId, useState } from 'react'

import { FILE_TYPES } from '@/lib/versionFiles'
import { formatBytes } from '@/lib/limits'

import { apiErrors, uploadFile } from './upload'

export type EditableFile = { id: string; filename: string; size: number; primary: boolean; fileType: string | null }

/** A change to one file through the REST write rules: null when saved, else the reason ('' for none given). */
async function patchFile(id: string, data: Record<string, unknown>): Promise<string | null> {
  const res = await fetch(`/api/version-files/${encodeURIComponent(id)}?depth=0`, { method: 'PATCH', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) })
  if (res.ok) return null
  const errors = apiErrors(await res.json().catch(() => null), '')
  return errors.form ?? Object.values(errors.fields)[0] ?? ''
}

/**
 * The files of an existing version (members who may upload): add more (streamed with progress, as on
 * the new-version page), choose the primary file, set each file's type, remove one (never the last).
 */
export function VersionFilesEditor({ versionId, files }: { versionId: string; files: EditableFile[] }) {
  const t = useTranslations('VersionForm')
  const router = useRouter()
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const [message, setMessage] = useState<{ error?: string; done?: string }>({})
  const failed = t('errors.failed')
  // The choice shows at once; the server's list (after refresh) has the last word.
  const serverPrimary = files.find((f) => f.primary)?.id ?? null
  const [primaryId, setPrimaryId] = useState(serverPrimary)
  const [stored, setStored] = useState(serverPrimary)
  if (stored !== serverPrimary) {
    // A new list from the server: its primary file, set while rendering (not in an effect).
    setStored(serverPrimary)
    setPrimaryId(serverPrimary)
  }

  async function run(work: () => Promise<string | null>) {
    setBusy(true)
    setMessage({})
    const error = await work().catch(() => failed)
    setBusy(false)
    setMessage(error === null ? { done: t('filesSaved') } : { error: error || failed })
    router.refresh()
  }

  const makePrimary = (file: EditableFile) => {
    setPrimaryId(file.id)
    return run(async () => {
      let error = await patchFile(file.id, { primary: true })
      for (const other of files.filter((f) => f.primary && f.id !== file.id)) if (error === null) error = await patchFile(other.id, { primary: false })
      if (error !== null) setPrimaryId(serverPrimary) // refused: back to what is stored
      return error
    })
  }

  const remove = (file: EditableFile) =>
    run(async () => {
      const res = await fetch(`/api/version-files/${encodeURIComponent(file.id)}`, { method: 'DELETE', credentials: 'same-origin' })
      if (!res.ok) return apiErrors(await res.json().catch(() => null), failed).form ?? failed
      // The primary file went: the oldest remaining one takes over.
      const next = files.find((f) => f.id !== file.id)
      return file.primary && next ? patchFile(next.id, { primary: true }) : null
    })

  const add = (chosen: FileList | null) =>
    chosen?.length
      ? run(async () => {
          for (const [i, file] of [...chosen].entries()) {
            const handle = uploadFile(file, { version: versionId, primary: false, fileType: 'unknown' }, (f) => setProgress((i + f) / chosen.length), failed)
            const result = await handle.done
            setProgress(null)
            if (result !== true) return result === 'cancelled' ? t('cancelled') : (result.form ?? Object.values(result.fields)[0] ?? failed)
          }
          return null
        })
      : undefined

  return (
    <section className="version-files-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="project-settings__subheading">{t('files')}</h2>
      <ul className="version-files-editor__list" aria-label={t('files')}>
        {files.map((file) => (
          <li key={file.id} className="version-files-editor__row">
            <label className="version-files-editor__primary">
              <input type="radio" name={`${id}-primary`} checked={primaryId === file.id} disabled={busy} onChange={() => makePrimary(file)} />
              <span className="visually-hidden">{t('primaryOf', { file: file.filename })}</span>
            </label>
            <span className="version-files-editor__name">
              {file.filename} <span className="version-files-editor__size">{formatBytes(file.size)}</span>
              {primaryId === file.id ? <span className="version-files-editor__badge">{t('primary')}</span> : null}
            </span>
            <label className="visually-hidden" htmlFor={`${id}-type-${file.id}`}>{t('fileType', { file: file.filename })}</label>
            <select id={`${id}-type-${file.id}`} className="project-settings__input version-files-editor__type" value={file.fileType ?? 'unknown'} disabled={busy} onChange={(e) => run(() => patchFile(file.id, { fileType: e.target.value }))}>
              {FILE_TYPES.map((ft) => (
                <option key={ft} value={ft}>{t(`fileTypes.${ft}`)}</option>
              ))}
            </select>
            <button type="button" className="button button--secondary button--small" disabled={busy || files.length < 2} onClick={() => remove(file)} title={files.length < 2 ? t('lastFile') : undefined}>
              {t('remove')}<span className="visually-hidden">: {file.filename}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="project-settings__field">
        <label htmlFor={`${id}-add`} className="project-settings__label">{t('addFiles')}</label>
        <input id={`${id}-add`} type="file" multiple disabled={busy} className="project-settings__input" onChange={(e) => { void add(e.currentTarget.files); e.currentTarget.value = '' }} />
      </div>
      {progress !== null ? <progress className="version-files-editor__progress" value={progress} max={1} aria-label={t('progress', { file: t('files') })} /> : null}
      {message.error ? <p className="project-settings__error" role="alert">{message.error}</p> : null}
      {message.done ? <p className="project-settings__saved" role="status">{message.done}</p> : null}
    </section>
  )
}
