'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState, useTransition, type FormEvent, type MouseEvent, type RefObject } from 'react'

import { announceNavigation } from '@/components/feedback/navigationStart'

import { SearchIcon } from '@/components/site/icons'
import { isTextField } from './textField'

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
  /** "Skip to results": the next Tab stop after the box, a link to the element with this id. */
  skip: { label: string; target: string }
}

/** The "/" shortcut: focuses the search box from anywhere on the page but a text field. */
function useSlashFocus(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
      if (isTextField(event.target) || isTextField(document.activeElement)) return
      const box = input.current
      if (!box || box.closest('[inert]')) return
      event.preventDefault()
      box.focus()
      box.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [input])
}

/** The skip link lands on the first result itself (without JavaScript, or with none, on the results region). */
function skipToFirstResult(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const first = document.getElementById(target)?.querySelector<HTMLElement>('a[href]')
  if (!first) return
  event.preventDefault()
  first.focus()
}

/**
 * The search box. A plain GET form; with JavaScript the URL follows the text as you type (debounced).
 * The first change of a burst of typing adds a history entry and the rest replace it, so the back
 * button returns to the search before, and a back/forward navigation puts its text back in the box.
 */
export function SearchForm({ action, query, hidden, label, placeholder, submitLabel, skip }: Props) {
  const router = useRouter()
  const input = useRef<HTMLInputElement>(null)
  useSlashFocus(input)
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
        ref={input}
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
        aria-keyshortcuts="/"
      />
      {/* Right after the box in the focus order (before the submit button: Enter submits anyway). */}
      <a href={`#${skip.target}`} className="skip-link skip-link--inline" onClick={(event) => skipToFirstResult(event, skip.target)}>
        {skip.label}
      </a>
      {hidden.map(([name, v], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
      ))}
      <button type="submit" className="search-form__submit">
        {submitLabel}
      </button>
    </form>
  )
}
