'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef, useState, type ReactNode } from 'react'

import { Icon } from './icons'

/**
 * The header's navigation and actions. On wide screens they sit inline; on narrow ones they
 * collapse behind a menu button (a disclosure: aria-expanded/aria-controls). The menu closes on
 * navigation (it is tied to the path it was opened on), on Escape and on a click outside it.
 */
export function SiteMenu({ openLabel, closeLabel, children }: { openLabel: string; closeLabel: string; children: ReactNode }) {
  const pathname = usePathname()
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn !== null && openOn === pathname
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenOn(null)
      buttonRef.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return
      setOpenOn(null)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Icon name={open ? 'close' : 'menu'} size={22} />
        <span className="visually-hidden">{open ? closeLabel : openLabel}</span>
      </button>
      <div ref={panelRef} id="site-menu" className="site-menu" data-open={open}>
        {children}
      </div>
    </>
  )
}
