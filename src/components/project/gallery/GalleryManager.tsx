'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useRef, useState, useTransition, type PointerEvent } from 'react'

import { submitWithoutReset } from '../settings/fields'
import { addGalleryImage, deleteGalleryImage, reorderGalleryImages, updateGalleryImage, type GalleryState } from './actions'

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

type Handle = { onPointerDown: (e: PointerEvent<HTMLElement>) => void; onPointerMove: (e: PointerEvent<HTMLElement>) => void; onPointerUp: (e: PointerEvent<HTMLElement>) => void; onPointerCancel: () => void }
type Move = { index: number; count: number; move: (from: number, to: number) => void; handle: Handle; dragging: boolean; over: boolean }

function Item({ image, projectId, order }: { image: ManagedImage; projectId: string; order: Move }) {
  const t = useTranslations('GalleryManager')
  const [saved, save, saving] = useActionState<GalleryState, FormData>(updateGalleryImage, {})
  const [removed, remove, removing] = useActionState<GalleryState, FormData>(deleteGalleryImage, {})
  const name = image.title || t('untitled')
  const { index, count, move, handle, dragging, over } = order
  return (
    <li className={`gallery-manager__item${dragging ? ' gallery-manager__item--dragging' : ''}${over ? ' gallery-manager__item--over' : ''}`} data-gallery-index={index}>
      <div className="gallery-manager__order">
        {/* Only the handle drags (pointer events: mouse, pen and touch alike); keyboard users have the buttons. */}
        <span className="gallery-manager__handle" {...handle} aria-hidden="true" title={t('dragHint')} data-testid="gallery-drag-handle">⠿</span>
        <button type="button" className="button button--secondary button--small" disabled={index === 0} onClick={() => move(index, index - 1)}>
          {t('moveUp')}<span className="visually-hidden">: {name}</span>
        </button>
        <button type="button" className="button button--secondary button--small" disabled={index === count - 1} onClick={() => move(index, index + 1)}>
          {t('moveDown')}<span className="visually-hidden">: {name}</span>
        </button>
      </div>
      <img src={image.thumb} alt="" width={160} height={90} className="gallery-manager__thumb" draggable={false} />
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

/** The gallery's order: dragged with the mouse or moved with the buttons, saved at once, undone if refused. */
function useOrder(projectId: string, images: ManagedImage[]) {
  const [ids, setIds] = useState(() => images.map((i) => i.id))
  const [state, setState] = useState<GalleryState>({})
  const [dragged, setDragged] = useState<number | null>(null)
  const [, startTransition] = useTransition()
  const imagesKey = images.map((i) => i.id).join(',')
  // The server's list changed (an upload or delete): start again from it (while rendering, not in an effect).
  const [listed, setListed] = useState(imagesKey)
  if (listed !== imagesKey) {
    setListed(imagesKey)
    setIds(imagesKey ? imagesKey.split(',') : [])
  }
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= ids.length) return
    const before = ids
    const next = [...ids]
    next.splice(to, 0, next.splice(from, 1)[0])
    setIds(next)
    startTransition(async () => {
      const result = await reorderGalleryImages(projectId, next)
      if (result.form) setIds(before)
      setState(result)
    })
  }
  const [over, setOver] = useState<number | null>(null)
  const indexAt = (e: PointerEvent<HTMLElement>) => {
    const li = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-gallery-index]')
    return li ? Number(li.dataset.galleryIndex) : null
  }
  const handleFor = (index: number): Handle => ({
    onPointerDown: (e) => {
      e.currentTarget.setPointerCapture(e.pointerId)
      setDragged(index)
    },
    onPointerMove: (e) => {
      if (dragged !== null) setOver(indexAt(e))
    },
    onPointerUp: (e) => {
      const to = indexAt(e)
      if (dragged !== null && to !== null) move(dragged, to)
      setDragged(null)
      setOver(null)
    },
    onPointerCancel: () => {
      setDragged(null)
      setOver(null)
    },
  })
  const ordered = ids.map((id) => images.find((i) => i.id === id)).filter((i): i is ManagedImage => !!i)
  return { ordered, move, handleFor, dragged, over, state }
}

/** The team's gallery tools (EDIT_DETAILS): add an image, edit, order or delete each, one featured. */
export function GalleryManager({ projectId, images }: { projectId: string; images: ManagedImage[] }) {
  const t = useTranslations('GalleryManager')
  const { ordered, move, handleFor, dragged, over, state } = useOrder(projectId, images)
  return (
    <section className="gallery-manager" aria-labelledby="gallery-manager-title">
      <h2 id="gallery-manager-title" className="section-title">{t('heading')}</h2>
      <Upload projectId={projectId} />
      {images.length ? (
        <>
          <p className="project-settings__hint">{t('orderHint')}</p>
          <ul className="gallery-manager__list" aria-label={t('listLabel')}>
            {ordered.map((image, index) => (
              <Item key={image.id} image={image} projectId={projectId} order={{ index, count: ordered.length, move, handle: handleFor(index), dragging: dragged === index, over: over === index && dragged !== index }} />
            ))}
          </ul>
          <Outcome state={state} />
        </>
      ) : null}
    </section>
  )
}
