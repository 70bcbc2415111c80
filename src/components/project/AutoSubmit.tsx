'use client'

import { useEffect, useRef } from 'react'

/** Placed inside a GET form: submits it when a field changes (the form's own button stays for keyboard and no-script use). */
export function AutoSubmit() {
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const form = ref.current?.closest('form')
    if (!form) return
    const onChange = () => form.requestSubmit()
    form.addEventListener('change', onChange)
    return () => form.removeEventListener('change', onChange)
  }, [])
  return <span ref={ref} hidden />
}
