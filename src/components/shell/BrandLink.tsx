'use client'

import { useTranslations } from 'next-intl'
import { useRef, type MouseEvent, type ReactNode } from 'react'

import { useToasts } from '@/components/feedback/useToasts'
import { SmartLink } from '@/components/site/SmartLink'
import { createClickCounter } from '@/lib/shell/clickCounter'
import { readDeveloperMode, writeDeveloperMode } from '@/lib/shell/developerMode'

/**
 * The header's logo link home. Five quick clicks toggle developer mode (spec §4, §9), confirmed by
 * a toast. Only the first click of a quick series navigates: the later ones would just reload the
 * same page (and restart the series), so they are kept from navigating.
 */
export function BrandLink({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const t = useTranslations('Shell')
  const { addToast } = useToasts()
  const counter = useRef<ReturnType<typeof createClickCounter> | null>(null)

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    counter.current ??= createClickCounter()
    const { count, fired } = counter.current.click(Date.now())
    if (count > 1) event.preventDefault()
    if (!fired) return
    const on = writeDeveloperMode(!readDeveloperMode())
    addToast({ title: t(on ? 'developerModeOn' : 'developerModeOff'), type: 'success' })
  }

  return (
    <SmartLink href="/" className={className} aria-label={label} onClick={onClick}>
      {children}
    </SmartLink>
  )
}
