'use client'

import { useTranslations } from 'next-intl'
import { useRef } from 'react'

import { CopyButton } from '@/components/site/CopyButton'
import { FeedbackIcon } from '@/components/site/icons'
import { toastClipboardText, type Toast } from '@/lib/toasts'

import { Tooltip } from './Tooltip'

type Props = {
  toast: Toast
  onDismiss: (id: number, hadFocus: boolean) => void
  onPause: (id: number) => void
  onResume: (id: number) => void
}

/**
 * One toast: type icon, title with a repeat count, text, and its actions (copy for errors, dismiss).
 * Its timer pauses while the pointer is over it or the keyboard is inside it.
 */
export function ToastItem({ toast, onDismiss, onPause, onResume }: Props) {
  const t = useTranslations('Feedback')
  const ref = useRef<HTMLLIElement>(null)
  const titleId = `toast-${toast.id}-title`

  const resumeUnlessHeld = (focusMovingTo: EventTarget | null) => {
    const el = ref.current
    if (!el) return
    const focused = focusMovingTo instanceof Node ? el.contains(focusMovingTo) : el.contains(document.activeElement)
    if (!focused && !el.matches(':hover')) onResume(toast.id)
  }

  return (
    <li
      ref={ref}
      className="toast"
      data-type={toast.type}
      aria-labelledby={titleId}
      onPointerEnter={() => onPause(toast.id)}
      onPointerLeave={() => resumeUnlessHeld(null)}
      onFocus={() => onPause(toast.id)}
      onBlur={(event) => resumeUnlessHeld(event.relatedTarget)}
    >
      <FeedbackIcon name={toast.type} size={22} className="toast__icon" />
      <div className="toast__body">
        <p className="toast__title" id={titleId}>
          <span className="visually-hidden">{t(`types.${toast.type}`)}: </span>
          {toast.title}
          {toast.count > 1 ? (
            <>
              <span className="toast__count" aria-hidden="true" data-testid="toast-count">
                {toast.count}
              </span>
              <span className="visually-hidden"> ({t('count', { count: toast.count })})</span>
            </>
          ) : null}
        </p>
        {toast.text ? <p className="toast__text">{toast.text}</p> : null}
      </div>
      <div className="toast__actions">
        {toast.type === 'error' ? (
          // The error's title, text and code, for a bug report; a refused clipboard leaves the details in view to copy by hand.
          <CopyButton
            text={toastClipboardText(toast, t('errorCode'))}
            label={t('copy')}
            copiedLabel={t('copied')}
            className="toast__action"
            icon={(copied) => <FeedbackIcon name={copied ? 'check' : 'copy'} size={18} />}
          />
        ) : null}
        <Tooltip text={t('dismiss')} labels>
          <button type="button" className="toast__action" onClick={() => onDismiss(toast.id, !!ref.current?.contains(document.activeElement))}>
            <FeedbackIcon name="close" size={18} />
          </button>
        </Tooltip>
      </div>
    </li>
  )
}
