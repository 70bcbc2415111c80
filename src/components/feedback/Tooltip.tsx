'use client'

import { cloneElement, isValidElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react'

import { placeTooltip } from '@/lib/tooltip-placement'
import { DISPOSE_TIMEOUT_MS, TOOLTIP, TOUCH_CLOSE_THRESHOLD_PX } from '@/lib/ui-timings'

type TriggerProps = { 'aria-describedby'?: string; 'aria-labelledby'?: string }

type Props = {
  text: string
  /**
   * The tooltip names its trigger (aria-labelledby) instead of describing it (aria-describedby):
   * for icon-only buttons whose tooltip says what the button is, so screen readers do not hear it twice.
   */
  labels?: boolean
  /** One focusable element (a button or link). */
  children: ReactElement<TriggerProps>
}

/**
 * A tooltip (spec §9: top, hover, focus, touch, show delay 200 ms, distance 5, dispose 150 ms,
 * touch close threshold 20 px). It opens 200 ms after the pointer rests on the trigger or the
 * keyboard focuses it (or a finger holds it), sits 5 px above (below when there is no room), stays
 * inside the viewport, stays open while the pointer is over it, and closes on Escape without moving
 * focus (WCAG 1.4.13). The tooltip element is always in the document (hidden when closed) so the
 * trigger's aria reference always resolves, with or without JavaScript.
 */
export function Tooltip({ text, labels = false, children }: Props) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const wrapRef = useRef<HTMLSpanElement>(null)
  const tipRef = useRef<HTMLSpanElement>(null)
  const showTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const touchStart = useRef<{ x: number; y: number } | null>(null)

  const cancelShow = useCallback(() => {
    if (showTimer.current) clearTimeout(showTimer.current)
    showTimer.current = null
  }, [])
  const scheduleShow = () => {
    cancelShow()
    showTimer.current = setTimeout(() => {
      showTimer.current = null
      setMounted(true)
      setOpen(true)
    }, TOOLTIP.showDelayMs)
  }
  const hide = useCallback(() => {
    cancelShow()
    touchStart.current = null
    setOpen(false)
  }, [cancelShow])

  useEffect(() => cancelShow, [cancelShow])

  // Closed: keep it rendered for the fade-out, then hide it (the dispose timeout).
  useEffect(() => {
    if (open || !mounted) return
    const timer = setTimeout(() => setMounted(false), DISPOSE_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [open, mounted])

  // Place it before it paints: measured against the viewport, written relative to the anchor.
  useLayoutEffect(() => {
    const wrap = wrapRef.current
    const tip = tipRef.current
    if (!open || !wrap || !tip) return
    const anchor = wrap.getBoundingClientRect()
    const size = tip.getBoundingClientRect()
    const pos = placeTooltip(anchor, size, { width: document.documentElement.clientWidth, height: window.innerHeight })
    tip.style.left = `${pos.left - anchor.left}px`
    tip.style.top = `${pos.top - anchor.top}px`
    tip.dataset.placement = pos.placement
  }, [open, text])

  // Escape closes the tooltip only: the capture listener keeps it from also closing a menu around it.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      hide()
    }
    const onMove = (event: WindowEventMap['pointermove']) => {
      const start = touchStart.current
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > TOUCH_CLOSE_THRESHOLD_PX) hide()
    }
    document.addEventListener('keydown', onKey, true)
    window.addEventListener('pointermove', onMove, { passive: true })
    window.addEventListener('scroll', hide, { passive: true, capture: true })
    return () => {
      document.removeEventListener('keydown', onKey, true)
      window.removeEventListener('pointermove', onMove)
      window.removeEventListener('scroll', hide, { capture: true })
    }
  }, [open, hide])

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') scheduleShow()
  }
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return
    if (!wrapRef.current?.contains(document.activeElement) || !wrapRef.current.querySelector(':focus-visible')) hide()
  }
  // A touch shows the tooltip while the finger rests; lifting it or moving away (scrolling) hides it.
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return
    touchStart.current = { x: event.clientX, y: event.clientY }
    scheduleShow()
  }
  const onTouchEnd = (event: PointerEvent) => {
    if (event.pointerType === 'touch') hide()
  }
  // Keyboard focus only: a mouse click also focuses the button, and the hover already covers it.
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) scheduleShow()
  }
  const onBlur = (event: FocusEvent) => {
    if (!wrapRef.current?.contains(event.relatedTarget as Node | null) && !wrapRef.current?.matches(':hover')) hide()
  }

  const tipId = `tooltip-${id}`
  const trigger = isValidElement(children)
    ? cloneElement(
        children,
        labels
          ? { 'aria-labelledby': tipId }
          : { 'aria-describedby': [children.props['aria-describedby'], tipId].filter(Boolean).join(' ') },
      )
    : children

  return (
    <span
      ref={wrapRef}
      className="tooltip-anchor"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onPointerUp={onTouchEnd}
      onPointerCancel={onTouchEnd}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {trigger}
      <span ref={tipRef} id={tipId} role="tooltip" className="tooltip" data-open={open} hidden={!mounted}>
        {text}
      </span>
    </span>
  )
}
