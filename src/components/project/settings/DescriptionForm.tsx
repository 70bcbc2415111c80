'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState, useTransition } from 'react'

import { SettingsFormFrame, valueOf, useSettingsForm } from './fields'
import { previewMarkdown } from './preview'

/**
 * The description in markdown with a live preview rendered by the site's own sanitizer on the
 * server, so the preview is exactly what visitors will see.
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
  const error = state.fields?.body
  return (
    <SettingsFormFrame section="description" projectId={projectId} state={state} action={action} pending={pending} canSave={canSave}>
      <div className="project-settings__editor">
        <div className="project-settings__field">
          <label htmlFor="ps-body" className="project-settings__label">
            {t('description.label')}
          </label>
          <p id="ps-body-hint" className="project-settings__hint">{t('description.hint')}</p>
          <textarea
            id="ps-body"
            name="body"
            rows={18}
            value={text}
            onChange={(e) => setText(e.target.value)}
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
