'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState, useSyncExternalStore } from 'react'

import { SvgIcon } from '@/components/site/SvgIcon'

import { useDeveloperMode } from './useDeveloperMode'

export type CopyIdKind = 'project' | 'version' | 'user' | 'organization'

const noSubscription = () => () => {}

/**
 * "Copy ID" (spec §6: developer mode and members see extra options such as copying version IDs).
 * Renders nothing on the server and until scripts run (the clipboard needs them, and developer mode
 * is known only in the browser); then shows when developer mode is on, or always with `always`
 * (a project member). A check mark confirms the copy for 2 s (spec §9).
 */
export function CopyIdButton({ id, kind, always = false, compact = false }: { id: string; kind: CopyIdKind; always?: boolean; compact?: boolean }) {
  const t = useTranslations('Shell')
  const developer = useDeveloperMode()
  const mounted = useSyncExternalStore(noSubscription, () => true, () => false)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2_000)
    return () => clearTimeout(timer)
  }, [state])

  if (!mounted || !(developer || always)) return null
  const label = t(`copyId.${kind}`)

  async function copy() {
    try {
      await navigator.clipboard.writeText(id)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <span className="copy-id-action">
      <button
        type="button"
        className={`copy-id-button${compact ? ' copy-id-button--compact' : ''}`}
        onClick={copy}
        title={compact ? label : undefined}
        aria-label={compact ? label : undefined}
        data-copy-id={id}
      >
        <SvgIcon size={16}>
          {state === 'copied' ? (
            <path d="m4.5 12.5 5 5 10-11" />
          ) : (
            <>
              <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
              <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
            </>
          )}
        </SvgIcon>
        {compact ? null : <span>{label}</span>}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </span>
  )
}
