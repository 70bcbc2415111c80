'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

/**
 * A button that opens a modal dialog (the create-a-project dialog's look). The content exists only
 * while the dialog is open; `children` gets `close` to call when its work is done.
 */
export function ModalButton({ label, title, buttonClass = 'button button--secondary', icon, iconOnly = false, children }: {
  label: string
  title: string
  buttonClass?: string
  icon?: ReactNode
  /** Only the icon shows; `label` names the button for assistive technology and as its tooltip. */
  iconOnly?: boolean
  children: (close: () => void) => ReactNode
}) {
  const t = useTranslations('Collections')
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [isOpen, setIsOpen] = useState(false)
  useEffect(() => {
    if (isOpen && !ref.current?.open) ref.current?.showModal()
  }, [isOpen])
  const close = () => ref.current?.close()
  return (
    <>
      <button type="button" className={buttonClass} onClick={() => setIsOpen(true)} aria-haspopup="dialog" aria-label={iconOnly ? label : undefined} title={iconOnly ? label : undefined}>
        {icon}
        {iconOnly ? null : label}
      </button>
      <dialog ref={ref} className="create-dialog" aria-labelledby={titleId} onClose={() => setIsOpen(false)}>
        {isOpen ? (
          <div className="create-dialog__form">
            <div className="create-dialog__head">
              <h2 id={titleId}>{title}</h2>
              <button type="button" className="icon-button" onClick={close} aria-label={t('close')}>
                ✕
              </button>
            </div>
            {children(close)}
          </div>
        ) : null}
      </dialog>
    </>
  )
}
