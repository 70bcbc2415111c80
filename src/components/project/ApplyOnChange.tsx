'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useTransition } from 'react'

import { announceNavigation } from '@/components/feedback/navigationStart'

/**
 * Placed inside a GET form: applies it as soon as a field changes, like the search filters — the
 * page updates in place (no reload, scroll kept) and the URL records the filters. Without scripts
 * the form's own submit button (in a <noscript>) does the same.
 */
export function ApplyOnChange() {
  const ref = useRef<HTMLSpanElement>(null)
  const router = useRouter()
  const [pending, startTransition] = useTransition()

  useEffect(() => {
    const form = ref.current?.closest('form')
    if (!form) return
    const onChange = () => {
      const params = new URLSearchParams()
      for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value) params.append(name, value)
      const url = params.size ? `${form.getAttribute('action')}?${params}` : (form.getAttribute('action') ?? '')
      announceNavigation(url)
      startTransition(() => router.push(url, { scroll: false }))
    }
    form.addEventListener('change', onChange)
    return () => form.removeEventListener('change', onChange)
  }, [router])

  useEffect(() => {
    const form = ref.current?.closest('form')
    if (pending) form?.setAttribute('aria-busy', 'true')
    else form?.removeAttribute('aria-busy')
  }, [pending])

  return <span ref={ref} hidden />
}
