'use client'

import { useTranslations } from 'next-intl'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'

import { SettingsIcon } from '@/components/site/icons'
import { HOME_SEARCH_DEBOUNCE_MS, HOME_SEARCH_PAGE, HOME_SEARCH_PARAM, homeSampleUrl, homeSearchHref, parseSampleHits, type SampleHit } from '@/lib/search/homeSample'
import { fetchWithRetry } from '@/lib/shell/fetchWithRetry'

type Sample = { query: string; state: 'loading' | 'done' | 'failed'; hits: SampleHit[] }

/**
 * The home page's search field with a live sample: up to three matching mods as you type (spec §9),
 * from the public /v2/search API. The results are a plain list of links under a polite status line;
 * the down arrow moves from the field into them and Escape goes back. Enter opens the search page;
 * without JavaScript the field is an ordinary GET form to it.
 */
export function HomeSearch() {
  const t = useTranslations('HomeSearch')
  const router = useRouter()
  const id = useId()
  const [query, setQuery] = useState('')
  const [sample, setSample] = useState<Sample | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const q = query.trim()

  useEffect(() => {
    if (!q) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      setSample((s) => ({ query: q, state: 'loading', hits: s?.hits ?? [] }))
      try {
        // A GET: tried once more on a transient failure (spec §9).
        const res = await fetchWithRetry(fetch, homeSampleUrl(q), { signal: controller.signal, headers: { accept: 'application/json' } })
        if (!res.ok) throw new Error(`search answered ${res.status}`)
        const hits = parseSampleHits(await res.json())
        setSample({ query: q, state: 'done', hits })
      } catch {
        // A newer query aborted this one: its own request reports.
        if (!controller.signal.aborted) setSample({ query: q, state: 'failed', hits: [] })
      }
    }, HOME_SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q])

  const shown = q && sample ? sample : null

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    router.push(homeSearchHref(query))
  }

  function fromField(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowDown') return
    const first = listRef.current?.querySelector<HTMLAnchorElement>('a')
    if (first) {
      event.preventDefault()
      first.focus()
    }
  }

  function withinList(event: KeyboardEvent<HTMLUListElement>) {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])]
    const at = links.indexOf(document.activeElement as HTMLAnchorElement)
    if (at < 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = at + (event.key === 'ArrowDown' ? 1 : -1)
      if (next < 0) inputRef.current?.focus()
      else links[Math.min(next, links.length - 1)].focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      inputRef.current?.focus()
    }
  }

  return (
    <form action={HOME_SEARCH_PAGE} method="get" role="search" className="home-search" onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('label')}
      </label>
      <div className="home-search__field">
        <SettingsIcon name="search" size={20} className="home-search__icon" />
        <input
          ref={inputRef}
          id={`${id}-q`}
          className="home-search__input"
          type="search"
          name={HOME_SEARCH_PARAM}
          value={query}
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-controls={`${id}-results`}
          aria-describedby={`${id}-status`}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={fromField}
        />
        <button type="submit" className="button button--primary home-search__submit">
          {t('submit')}
        </button>
      </div>
      <p id={`${id}-status`} className="visually-hidden" role="status">
        {shown?.state === 'done' ? t('results', { count: shown.hits.length }) : shown?.state === 'failed' ? t('failed') : ''}
      </p>
      <div className="home-search__panel" hidden={!shown} aria-busy={shown?.state === 'loading'}>
        {/* Keydown is delegated from the links; each link is keyboard-focusable on its own. */}
        <ul ref={listRef} id={`${id}-results`} className="home-search__results" aria-label={t('resultsLabel')} onKeyDown={withinList}>
          {shown?.hits.map((hit) => (
            <li key={hit.id}>
              <Link href={hit.href} className="home-search__hit">
                {hit.iconUrl ? <img src={hit.iconUrl} alt="" width={36} height={36} className="home-search__hit-icon" loading="lazy" /> : <span className="home-search__hit-icon" aria-hidden="true" />}
                <span className="home-search__hit-text">
                  <span className="home-search__hit-title">{hit.title}</span>
                  {hit.author ? <span className="home-search__hit-author">{t('by', { author: hit.author })}</span> : null}
                </span>
              </Link>
            </li>
          ))}
          {shown && shown.hits.length > 0 ? (
            <li>
              <Link href={homeSearchHref(shown.query)} className="home-search__all">
                {t('seeAll', { query: shown.query })}
              </Link>
            </li>
          ) : null}
        </ul>
        {shown?.state === 'done' && shown.hits.length === 0 ? <p className="home-search__empty">{t('results', { count: 0 })}</p> : null}
        {shown?.state === 'failed' ? <p className="home-search__empty">{t('failed')}</p> : null}
      </div>
    </form>
  )
}
