'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'

import { Tooltip } from '@/components/feedback/Tooltip'
import { useToasts } from '@/components/feedback/useToasts'
import { COPY_CHECK_MS } from '@/lib/ui-timings'

import { PIcon } from './icons'

/**
 * Copies a value (a file hash); shows a check mark for 2 s (spec §9), or an error toast when the
 * clipboard refuses. Hidden until scripts run.
 */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const t = useTranslations('Feedback')
  const { addErrorToast } = useToasts()
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setReady(true), [])
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CHECK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  if (!ready) return null
  return (
    <Tooltip text={copied ? copiedLabel : label} labels>
      <button
        type="button"
        className="icon-button copy-button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value)
            setCopied(true)
          } catch {
            setCopied(false)
            addErrorToast(t('copyFailed'))
          }
        }}
      >
        <PIcon name={copied ? 'check' : 'copy'} size={16} />
        <span className="visually-hidden" aria-live="polite">
          {copied ? copiedLabel : ''}
        </span>
      </button>
    </Tooltip>
  )
}
