'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useRef } from 'react'

import { submitWithoutReset } from '../settings/fields'
import { addGalleryImage, deleteGalleryImage, updateGalleryImage, type GalleryState } from './actions'

export type ManagedImage = { id: string; thumb: string; title: string; description: string; featured: boolean }

function Outcome({ state }: { state: GalleryState }) {
  if (state.form) return <p className="project-settings__field-error" role="alert">{state.form}</p>
  if (state.done) return <p className="project-settings__saved" role="status">{state.done}</p>
  return null
}

function ImageFields({ idPrefix, title = '', description = '', featured = false }: { idPrefix: string; title?: string; description?: string; featured?: boolean }) {
  const t = useTranslations('GalleryManager')
  return (
    <>
      <div className="project-settings__field">
        <label htmlFor={`${idPrefix}-title`} className="project-settings__label">{t('title')}</label>
        <input id={`${idPrefix}-title`} name="title" maxLength={255} defaultValue={title} className="project-settings__input" />
      </div>
      <div className="project-settings__field">
        <label htmlFor={`${idPrefix}-description`} className="project-settings__label">{t('description')}</label>
        <textarea id={`${idPrefix}-description`} name="description" maxLength={2048} rows={2} defaultValue={description} className="project-settings__input" />
      </div>
      <label className="version-form__featured">
        <input type="checkbox" name="featured" defaultChecked={featured} /> {t('featured')}
      </label>
    </>
  )
}

function Upload({ projectId }: { projectId: string }) {
  const t = useTranslations('GalleryManager')
  const [state, action, pending] = useActionState<GalleryState, FormData>(addGalleryImage, {})
  const ref = useRef<HTMLFormElement>(null)
  // Emptied only once the image is in; a refusal keeps the chosen file and the words typed.
  useEffect(() => {
    if (state.done) ref.current?.reset()
  }, [state])
  return (
    <form ref={ref} action={action} onSubmit={submitWithoutReset(action)} className="gallery-manager__upload" aria-labelledby="gallery-upload-title">
      <h3 id="gallery-upload-title" className="project-settings__subheading">{t('uploadHeading')}</h3>
      <input type="hidden" name="project" value={projectId} />
      <div className="project-settings__field">
        <label htmlFor="gm-new-image" className="project-settings__label">{t('image')}</label>
        <input id="gm-new-image" type="file" name="image" accept="image/png,image/jpeg,image/webp,image/gif" required className="project-settings__input" />
      </div>
      <ImageFields idPrefix="gm-new" />
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>{t('upload')}</button>
      <Outcome state={state} />
    </form>
  )
}

function Item({ image, projectId }: { image: ManagedImage; projectId: string }) {
  const t = useTranslations('GalleryManager')
  const [saved, save, saving] = useActionState<GalleryState, FormData>(updateGalleryImage, {})
  const [removed, remove, removing] = useActionState<GalleryState, FormData>(deleteGalleryImage, {})
  const name = image.title || t('untitled')
  return (
    <li className="gallery-manager__item">
      <img src={image.thumb} alt="" width={160} height={90} className="gallery-manager__thumb" />
      <form action={save} onSubmit={submitWithoutReset(save)} className="gallery-manager__form" aria-label={t('editLabel', { name })}>
        <input type="hidden" name="project" value={projectId} />
        <input type="hidden" name="image" value={image.id} />
        <ImageFields idPrefix={`gm-${image.id}`} title={image.title} description={image.description} featured={image.featured} />
        <button type="submit" className="button button--secondary" disabled={saving}>{t('save')}</button>
        <Outcome state={saved} />
      </form>
      <form action={remove}>
        <input type="hidden" name="project" value={projectId} />
        <input type="hidden" name="image" value={image.id} />
        <button type="submit" className="button button--danger" disabled={removing}>
          {t('delete')}<span className="visually-hidden">: {name}</span>
        </button>
        <Outcome state={removed} />
      </form>
    </li>
  )
}

/** The team's gallery tools (EDIT_DETAILS): add an image, edit or delete each, one featured. */
export function GalleryManager({ projectId, images }: { projectId: string; images: ManagedImage[] }) {
  const t = useTranslations('GalleryManager')
  return (
    <section className="gallery-manager" aria-labelledby="gallery-manager-title">
      <h2 id="gallery-manager-title" className="section-title">{t('heading')}</h2>
      <Upload projectId={projectId} />
      {images.length ? (
        <ul className="gallery-manager__list">
          {images.map((image) => (
            <Item key={image.id} image={image} projectId={projectId} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
