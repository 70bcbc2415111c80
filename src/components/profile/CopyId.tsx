'use client'

import { useEffect, useState } from 'react'

import { Tooltip } from '@/components/feedback/Tooltip'
import { useToasts } from '@/components/feedback/useToasts'
import { COPY_CHECK_MS } from '@/lib/ui-timings'

import { ProfileIcon } from './icons'

type Props = { id: string; label: string; copyLabel: string; copiedLabel: string; failedLabel: string }

/**
 * An id in monospace with a button that copies it; success is announced politely, a refusal of
 * the clipboard shows an error toast.
 */
export function CopyId({ id, label, copyLabel, copiedLabel, failedLabel }: Props) {
  const { addErrorToast } = useToasts()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CHECK_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await navigator.clipboard.writeText(id)
      setCopied(true)
    } catch {
      setCopied(false)
      addErrorToast(failedLabel)
    }
  }

  return (
    <div className="copy-id">
      <span className="copy-id__label">{label}</span>
      <span className="copy-id__row">
        <code className="copy-id__value" data-testid="profile-id">
          {id}
        </code>
        <Tooltip text={copied ? copiedLabel : copyLabel} labels>
          <button type="button" className="copy-id__button" onClick={copy}>
            <ProfileIcon name={copied ? 'check' : 'copy'} size={16} />
          </button>
        </Tooltip>
        <span className="copy-id__status" role="status" aria-live="polite">
          {copied ? copiedLabel : ''}
        </span>
      </span>
    </div>
  )
}
