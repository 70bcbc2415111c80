'use client'

import { useCallback, useRef, useState } from 'react'

/** Which picture the lightbox shows (null: closed), and where focus returns when it closes. */
export function useLightbox(count: number) {
  const [index, setIndex] = useState<number | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = useCallback((i: number, from: HTMLElement) => {
    opener.current = from
    setIndex(i)
  }, [])
  const move = useCallback((delta: number) => setIndex((i) => (i === null ? i : (i + delta + count) % count)), [count])
  const close = useCallback(() => {
    setIndex(null)
    opener.current?.focus()
  }, [])
  return { index, open, move, close }
}
