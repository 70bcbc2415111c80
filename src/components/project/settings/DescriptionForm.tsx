'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState, useTransition } from 'react'

import { fileTooLarge, MAX_EDITOR_IMAGE_BYTES } from '@/lib/limits'

import { SettingsFormFrame, valueOf, useSettingsForm } from './fields'
import { uploadEditorImage } from './actions'
import { previewMarkdown } from './preview'

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

/**
 * The description in markdown with a live preview rendered by the site's own sanitizer on the
 * server, so the preview is exactly what visitors will see. Images chosen, dropped or pasted are
 * uploaded (at most 1 MiB) and put in the text where the cursor is.
 */
export function DescriptionForm({ projectId, stored, canSave }: { projectId: string; stored: string; canSave: boolean }) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useSettingsForm()
  const [text, setText] = useState(() => valueOf(state, 'body', stored))
  const [html, setHtml] = useState<string | null>(null)
  const [, startPreview] = useTransition()
  useEffect(() => {
    const timer = setTimeout(() => startPreview(async () => setHtml(await previewMarkdown(text))), 250)
    return () => clearTimeout(timer)
  }, [text])
  const area = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [imageError, setImageError] = useState<string | null>(null)

  async function insertImage(file: File) {
    setImageError(null)
    if (!IMAGE_TYPES.includes(file.type)) return setImageError(t('description.imageType'))
    // Refused here at once; the server checks again.
    if (file.size > MAX_EDITOR_IMAGE_BYTES) return setImageError(fileTooLarge(MAX_EDITOR_IMAGE_BYTES))
    setUploading(true)
    const form = new FormData()
    form.set('image', file)
    const result = await uploadEditorImage(projectId, form).catch(() => ({ form: t('errors.saveFailed'), url: undefined, alt: undefined }))
    setUploading(false)
    if (!result.url) return setImageError(result.form ?? t('errors.saveFailed'))
    const el = area.current
    const markdown = `![${result.alt ?? ''}](${result.url})`
    setText((current) => {
      const at = el ? el.selectionStart : current.length
      const before = current.slice(0, at)
      // A blank line before it: after an HTML block or a paragraph, Markdown would not start an image otherwise.
      const gap = !before || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
      return `${before}${gap}${markdown}\n${current.slice(at)}`
    })
  }
  const firstImage = (files: FileList | null | undefined) => Array.from(files ?? []).find((f) => f.type.startsWith('image/'))

  const error = state.fields?.body
  return (
    <SettingsFormFrame section="description" projectId={projectId} state={state} action={action} pending={pending} canSave={canSave}>
      <div className="project-settings__editor">
        <div className="project-settings__field">
          <label htmlFor="ps-body" className="project-settings__label">
            {t('description.label')}
          </label>
          <p id="ps-body-hint" className="project-settings__hint">{t('description.hint')}</p>
          <div className="project-settings__toolbar">
            <button type="button" className="button button--secondary" onClick={() => picker.current?.click()} disabled={!canSave || uploading}>
              {uploading ? t('description.uploading') : t('description.insertImage')}
            </button>
            <input
              ref={picker}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="visually-hidden"
              tabIndex={-1}
              aria-label={t('description.imageFile')}
              onChange={(e) => {
                const file = firstImage(e.target.files)
                e.target.value = ''
                if (file) void insertImage(file)
              }}
            />
            <span className="project-settings__hint">{t('description.imageHint')}</span>
          </div>
          {imageError ? (
            <p className="project-settings__field-error" role="alert">
              {imageError}
            </p>
          ) : null}
          <textarea
            ref={area}
            id="ps-body"
            name="body"
            rows={18}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onDrop={(e) => {
              const file = firstImage(e.dataTransfer?.files)
              if (!file || !canSave) return
              e.preventDefault()
              void insertImage(file)
            }}
            onPaste={(e) => {
              const file = firstImage(e.clipboardData?.files)
              if (!file || !canSave) return
              e.preventDefault()
              void insertImage(file)
            }}
            className="project-settings__input project-settings__markdown"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ps-body-hint ps-body-error' : 'ps-body-hint'}
          />
          {error ? (
            <p id="ps-body-error" className="project-settings__field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <section className="project-settings__preview" aria-labelledby="ps-preview-title">
          <h2 id="ps-preview-title" className="project-settings__label">
            {t('description.preview')}
          </h2>
          {html === null ? null : html ? <div className="markdown-body" data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} /> : <p className="project-settings__hint">{t('description.empty')}</p>}
        </section>
      </div>
    </SettingsFormFrame>
  )
}
