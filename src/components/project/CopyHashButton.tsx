'use client'

import { useTranslations } from 'next-intl'

import { useToasts } from '@/components/feedback/useToasts'
import { useEnhanced } from '@/components/search/useEnhanced'
import { CopyButton } from '@/components/site/CopyButton'
import { PIcon } from '@/components/site/icons'

/**
 * Copies a value (a file hash); shows a check mark for 2 s (spec §9), or an error toast when the
 * clipboard refuses. Hidden until scripts run.
 */
export function CopyHashButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const t = useTranslations('Feedback')
  const { addErrorToast } = useToasts()
  const enhanced = useEnhanced()
  if (!enhanced) return null
  return (
    <CopyButton
      text={value}
      label={label}
      copiedLabel={copiedLabel}
      className="icon-button copy-button"
      icon={(copied) => <PIcon name={copied ? 'check' : 'copy'} size={16} />}
      onFailure={() => addErrorToast(t('copyFailed'))}
      inside={(copied) => (
        <span className="visually-hidden" aria-live="polite">
          {copied ? copiedLabel : ''}
        </span>
      )}
    />
  )
}
