'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState, useTransition, type FormEvent } from 'react'

import { announceNavigation } from '@/components/feedback/navigationStart'

import { SearchIcon } from './icons'

const DEBOUNCE_MS = 300

type Props = {
  /** The search page's path: the form submits here with GET. */
  action: string
  query: string
  /** The rest of the state as hidden fields, so a submit without JavaScript keeps the filters. */
  hidden: [string, string][]
  label: string
  placeholder: string
  submitLabel: string
}

/**
 * The search box. A plain GET form; with JavaScript the URL follows the text as you type (debounced).
 * The first change of a burst of typing adds a history entry and the rest replace it, so the back
 * button returns to the search before, and a back/forward navigation puts its text back in the box.
 */
export function SearchForm({ action, query, hidden, label, placeholder, submitLabel }: Props) {
  const router = useRouter()
  const [value, setValue] = useState(query)
  const [pending, startTransition] = useTransition()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const lastSent = useRef(query)
  const pushed = useRef(false)

  // Another navigation (back/forward, a link) changed the text: show it.
  useEffect(() => {
    if (query === lastSent.current) return
    lastSent.current = query
    pushed.current = false
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    setValue(query)
  }, [query])

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  function navigate(text: string) {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const params = new URLSearchParams(window.location.search)
    const q = text.trim() ? text : ''
    if (q === (params.get('q') ?? '')) return
    // Replace only the entry this burst of typing made, once the URL shows it (a push still on its
    // way would otherwise replace the page before the search).
    const replace = pushed.current && (params.get('q') ?? '') === lastSent.current
    if (q) params.set('q', q)
    else params.delete('q')
    params.delete('page')
    lastSent.current = q
    pushed.current = true
    const url = params.size ? `${action}?${params}` : action
    announceNavigation(url)
    startTransition(() => (replace ? router.replace(url, { scroll: false }) : router.push(url, { scroll: false })))
  }

  function onChange(next: string) {
    setValue(next)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => navigate(next), DEBOUNCE_MS)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    navigate(value)
    pushed.current = false
  }

  return (
    <form role="search" method="get" action={action} className="search-form" onSubmit={onSubmit} aria-busy={pending || undefined}>
      <label htmlFor="search-query" className="visually-hidden">
        {label}
      </label>
      <SearchIcon name="search" size={20} className="search-form__icon" />
      <input
        id="search-query"
        className="search-form__input"
        type="search"
        name="q"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={256}
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => void (pushed.current = false)}
      />
      {hidden.map(([name, v], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
      ))}
      <button type="submit" className="search-form__submit">
        {submitLabel}
      </button>
    </form>
  )
}
