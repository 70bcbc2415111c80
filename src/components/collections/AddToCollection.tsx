'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useState, useTransition } from 'react'

import { DashboardIcon } from '@/components/site/icons'

import { setProjectInCollectionAction } from './actions'
import { CollectionForm } from './CollectionForm'
import { ModalButton } from './ModalButton'

export type MenuCollection = { id: string; name: string; visibility: string; includes: boolean }

/**
 * "Add to collection" on a project page: the viewer's collections, each a checkbox that adds or
 * removes the project at once, and a form to create a new collection holding it. Signed-out
 * visitors get a link to sign in.
 */
export function AddToCollection({ projectId, back, signedIn, collections }: { projectId: string; back: string; signedIn: boolean; collections: MenuCollection[] }) {
  const t = useTranslations('Collections')
  const icon = <DashboardIcon name="library" size={18} />
  if (!signedIn)
    return (
      <Link href={`/auth/sign-in?redirect=${encodeURIComponent(back)}`} className="button button--secondary" rel="nofollow">
        {icon}
        {t('menu.button')}
      </Link>
    )
  return (
    <ModalButton label={t('menu.button')} title={t('menu.title')} icon={icon}>
      {(close) => <CollectionChecklist projectId={projectId} back={back} collections={collections} onCreated={close} />}
    </ModalButton>
  )
}

export function CollectionChecklist({ projectId, back, collections, onCreated }: { projectId: string; back: string; collections: MenuCollection[]; onCreated: () => void }) {
  const t = useTranslations('Collections')
  const router = useRouter()
  const [ticked, setTicked] = useState(() => new Map(collections.map((c) => [c.id, c.includes])))
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [pending, startTransition] = useTransition()
  const [creating, setCreating] = useState(collections.length === 0)

  function toggle(c: MenuCollection, include: boolean) {
    setError(null)
    setTicked((m) => new Map(m).set(c.id, include))
    startTransition(async () => {
      const result = await setProjectInCollectionAction(c.id, projectId, include, back).catch(() => ({ ok: false as const, error: t('errors.saveFailed') }))
      if (result.ok) {
        setStatus(include ? t('menu.added', { name: c.name }) : t('menu.removed', { name: c.name }))
        router.refresh()
      } else if ('signIn' in result) router.push(result.signIn)
      else {
        setTicked((m) => new Map(m).set(c.id, !include))
        setError(result.error)
      }
    })
  }

  return (
    <>
      {collections.length ? (
        <fieldset className="collection-menu" aria-busy={pending || undefined}>
          <legend className="visually-hidden">{t('menu.title')}</legend>
          <ul className="collection-menu__list">
            {collections.map((c) => (
              <li key={c.id}>
                <label className="collection-menu__item">
                  <input type="checkbox" checked={ticked.get(c.id) ?? false} onChange={(e) => toggle(c, e.target.checked)} />
                  <span>{c.name}</span>
                  {c.visibility !== 'public' ? <span className="collection-menu__visibility">{t(`visibility.${c.visibility as 'private'}`)}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <p className="project-settings__hint">{t('menu.none')}</p>
      )}
      {error ? (
        <p className="project-settings__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {creating ? (
        <section aria-labelledby="collection-menu-new" className="collection-menu__new">
          <h3 id="collection-menu-new" className="project-settings__subheading">
            {t('menu.createHeading')}
          </h3>
          <CollectionForm idPrefix="cm" project={projectId} back={back} onDone={onCreated} />
        </section>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
          {t('createNew')}
        </button>
      )}
    </>
  )
}
