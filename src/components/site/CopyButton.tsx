'use client'

import type { ButtonHTMLAttributes, ReactNode } from 'react'

import { Tooltip } from '@/components/feedback/Tooltip'

import { useCopy } from './useCopy'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'children'> & {
  /** What goes on the clipboard. */
  text: string
  /** The button's name (its tooltip) before and after a copy. */
  label: string
  copiedLabel: string
  /** The icon, a check mark once copied. */
  icon: (copied: boolean) => ReactNode
  /** More inside the button after the icon (a live region, say). */
  inside?: (copied: boolean) => ReactNode
  /** Beside the button, after its tooltip. */
  after?: (copied: boolean) => ReactNode
  onFailure?: () => void
}

/**
 * An icon button that copies `text`, named by its tooltip ("Copy …", then "Copied" for 2 s, spec §9).
 * The one copy button of the site's icon-only copies (ids, hashes, a toast's details).
 */
export function CopyButton({ text, label, copiedLabel, icon, inside, after, onFailure, ...button }: Props) {
  const { copied, copy } = useCopy({ onFailure })
  return (
    <>
      <Tooltip text={copied ? copiedLabel : label} labels>
        <button type="button" {...button} data-copied={copied} onClick={() => void copy(text)}>
          {icon(copied)}
          {inside?.(copied)}
        </button>
      </Tooltip>
      {after?.(copied)}
    </>
  )
}
