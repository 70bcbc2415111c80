'use client'

import { useToasts } from '@/components/feedback/useToasts'
import { CopyButton } from '@/components/site/CopyButton'
import { ProfileIcon } from '@/components/site/icons'

type Props = { id: string; label: string; copyLabel: string; copiedLabel: string; failedLabel: string }

/**
 * An id in monospace with a button that copies it; success is announced politely, a refusal of
 * the clipboard shows an error toast.
 */
export function CopyId({ id, label, copyLabel, copiedLabel, failedLabel }: Props) {
  const { addErrorToast } = useToasts()
  return (
    <div className="copy-id">
      <span className="copy-id__label">{label}</span>
      <span className="copy-id__row">
        <code className="copy-id__value" data-testid="profile-id">
          {id}
        </code>
        <CopyButton
          text={id}
          label={copyLabel}
          copiedLabel={copiedLabel}
          className="copy-id__button"
          icon={(copied) => <ProfileIcon name={copied ? 'check' : 'copy'} size={16} />}
          onFailure={() => addErrorToast(failedLabel)}
          after={(copied) => (
            <span className="copy-id__status" role="status" aria-live="polite">
              {copied ? copiedLabel : ''}
            </span>
          )}
        />
      </span>
    </div>
  )
}
