'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'

import { DashboardIcon } from '@/components/site/icons'

import { collectionsForProjectAction, type MenuCollectionsResult } from './actions'
import { CollectionChecklist } from './AddToCollection'
import { ModalButton } from './ModalButton'

/** Where the visitor is: a search page comes back with its filters after signing in. */
const here = () => `${window.location.pathname}${window.location.search}`

/**
 * "Add to collection" on a search result: an icon button whose menu reads the viewer's collections
 * when it opens (a visitor is sent to sign in and back), then works as the project page's menu.
 */
export function QuickCollect({ projectId, title }: { projectId: string; title: string }) {
  const t = useTranslations('Collections')
  return (
    <ModalButton label={t('menu.quick', { title })} title={t('menu.title')} icon={<DashboardIcon name="library" size={18} />} iconOnly buttonClass="icon-button result-card__collect">
      {(close) => <LoadedChecklist projectId={projectId} onDone={close} />}
    </ModalButton>
  )
}

function LoadedChecklist({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const t = useTranslations('Collections')
  const router = useRouter()
  const [result, setResult] = useState<MenuCollectionsResult | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    collectionsForProjectAction(projectId, here())
      .then((r) => {
        if (!live) return
        if (!r.ok) router.push(r.signIn)
        else setResult(r)
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [projectId, router])
  if (failed) return <p className="project-settings__error" role="alert">{t('errors.saveFailed')}</p>
  if (!result?.ok) return <p className="project-settings__hint" role="status">{t('menu.loading')}</p>
  return <CollectionChecklist projectId={projectId} back={here()} collections={result.collections} onCreated={onDone} />
}
