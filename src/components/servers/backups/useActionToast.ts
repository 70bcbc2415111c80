'use client'

import { useActionState, useEffect, useRef } from 'react'

import { useToasts } from '@/components/feedback/useToasts'

import type { ServerState } from '../runServerAction'

/**
 * A server action whose outcome is a toast: a refusal under `failTitle` (the spec's 'Failed to
 * create backup' and the like) with the reason as its text, a success as its sentence. The title
 * can depend on the act sent (a row's buttons share one action).
 */
export function useActionToast(action: (prev: ServerState, form: FormData) => Promise<ServerState>, failTitle: (form: FormData | null) => string) {
  const { addToast } = useToasts()
  const sent = useRef<FormData | null>(null)
  const [state, dispatch, pending] = useActionState(action, {})
  // Read when an outcome arrives: only a new outcome raises a toast, not a new render.
  const latest = useRef({ addToast, failTitle })
  useEffect(() => {
    latest.current = { addToast, failTitle }
  })
  useEffect(() => {
    const { addToast: toast, failTitle: title } = latest.current
    if (state.error) toast({ title: title(sent.current), text: state.error, type: 'error' })
    else if (state.done) toast({ title: state.done, type: 'success' })
  }, [state])
  const send = (form: FormData) => {
    sent.current = form
    dispatch(form)
  }
  return { state, send, pending }
}
