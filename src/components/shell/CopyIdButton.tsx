'use client'

import { useTranslations } from 'next-intl'

import { useEnhanced } from '@/components/search/useEnhanced'
import { FeedbackIcon } from '@/components/site/icons'
import { useCopy } from '@/components/site/useCopy'

import { useDeveloperMode } from './useDeveloperMode'

export type CopyIdKind = 'project' | 'version' | 'user' | 'organization'

/**
 * "Copy ID" (spec §6: developer mode and members see extra options such as copying version IDs).
 * Renders nothing on the server and until scripts run (the clipboard needs them, and developer mode
 * is known only in the browser); then shows when developer mode is on, or always with `always`
 * (a project member). A check mark confirms the copy for 2 s (spec §9).
 */
export function CopyIdButton({ id, kind, always = false, compact = false }: { id: string; kind: CopyIdKind; always?: boolean; compact?: boolean }) {
  const t = useTranslations('Shell')
  const developer = useDeveloperMode()
  const mounted = useEnhanced()
  const { status, copy } = useCopy()

  if (!mounted || !(developer || always)) return null
  const label = t(`copyId.${kind}`)

  return (
    <span className="copy-id-action">
      <button
        type="button"
        className={`copy-id-button${compact ? ' copy-id-button--compact' : ''}`}
        onClick={() => void copy(id)}
        title={compact ? label : undefined}
        aria-label={compact ? label : undefined}
        data-copy-id={id}
      >
        <FeedbackIcon name={status === 'copied' ? 'check' : 'copy'} size={16} />
        {compact ? null : <span>{label}</span>}
      </button>
      <span className="visually-hidden" role="status">
        {status === 'copied' ? t('copied') : status === 'failed' ? t('copyFailed') : ''}
      </span>
    </span>
  )
}
