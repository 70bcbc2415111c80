'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'

import { firstActive, moveActive, ordered, rangeBetween, toggled, visibleOptions, withRange, type GameVersionOption } from './gameVersionSelect'

type Props = {
  options: GameVersionOption[]
  chosen: string[]
  onChange: (next: string[]) => void
  /** Id of the field error, for aria-describedby. */
  errorId?: string
}

const MOVES = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp'])

/**
 * Game versions as a searchable multi-select (WAI-ARIA combobox with a multi-selectable listbox
 * popup), replacing ~100 checkboxes: type to filter, arrows move, Enter/Space toggle, Shift+Enter or
 * Shift+click picks a range, Escape closes, Backspace in an empty filter removes the last chip.
 * Snapshots and older types are hidden unless asked for. A "From/To" range works on touch screens,
 * where there is no Shift.
 */
export function GameVersionSelect({ options, chosen, onChange, errorId }: Props) {
  const t = useTranslations('VersionForm.picker')
  const id = useId()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [rawActive, setActive] = useState(-1)
  const [showAll, setShowAll] = useState(false)
  const [announce, setAnnounce] = useState('')
  const [rangeError, setRangeError] = useState(false)
  const anchor = useRef<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)

  const shown = useMemo(() => visibleOptions(options, query, showAll, chosen), [options, query, showAll, chosen])
  const typed = useMemo(() => visibleOptions(options, '', showAll, []).map((o) => o.version), [options, showAll])
  const chips = ordered(options, chosen)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const optionId = (i: number) => `${id}-o${i}`
  const expanded = open && shown.length > 0
  // Removing a hidden-type chip can shorten the list under the active option: keep it in bounds.
  const active = Math.min(rawActive, shown.length - 1)

  // The active option stays in view as arrows move it.
  useEffect(() => {
    if (expanded && active >= 0) list.current?.querySelector(`[id="${id}-o${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active, expanded, id])

  function toggle(version: string) {
    const on = !chosen.includes(version)
    onChange(toggled(options, chosen, version))
    anchor.current = version
    setAnnounce(t(on ? 'added' : 'removed', { version }))
  }

  function addRange(range: string[]) {
    if (!range.length) return
    onChange(withRange(options, chosen, range))
    setAnnounce(
      t('rangeAdded', {
        count: range.length,
        first: range[range.length - 1],
        last: range[0],
      }),
    )
  }

  /** Shift+click / Shift+Enter: from the last toggled option to this one, among those shown. */
  function pick(index: number, range: boolean) {
    const version = shown[index]?.version
    if (!version) return
    setActive(index)
    const base = anchor.current
    const span =
      range && base && base !== version
        ? rangeBetween(
            shown.map((o) => o.version),
            base,
            version,
          )
        : []
    if (span.length) {
      addRange(span)
      anchor.current = version
    } else toggle(version)
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (MOVES.has(e.key)) {
      e.preventDefault()
      if (!open) {
        setOpen(true)
        if (e.altKey) return
      }
      setActive((a) => moveActive(a, shown.length, e.key as 'ArrowDown' | 'ArrowUp' | 'PageDown' | 'PageUp'))
    } else if (e.key === 'Enter' || (e.key === ' ' && expanded && active >= 0)) {
      // Never submits the form from here: Enter belongs to the list.
      e.preventDefault()
      if (!expanded) setOpen(true)
      else if (active >= 0) pick(active, e.shiftKey)
    } else if (e.key === 'Escape') {
      if (open) {
        // Handled here, so an enclosing dialog does not close too.
        e.preventDefault()
        e.stopPropagation()
        setOpen(false)
      } else if (query) setQuery('')
    } else if (e.key === 'Backspace' && !query && chips.length) {
      e.preventDefault()
      toggle(chips[chips.length - 1])
    }
  }

  function onOptionClick(e: MouseEvent, index: number) {
    pick(index, e.shiftKey)
    input.current?.focus()
  }

  return (
    <div className="gv-select">
      {/* Above the box: the open list covers what is below it. */}
      <div className="gv-select__tools">
        <label className="version-form__snapshots">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> {t('showSnapshots')}
        </label>
        {chips.length > 1 ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              onChange([])
              setAnnounce(t('cleared'))
            }}
          >
            {t('clear')}
          </button>
        ) : null}
      </div>
      {/* The list closes when focus leaves the box (to the filter above, the range below, or away),
          so it never covers a control someone is moving to. */}
      <div
        className="gv-select__box"
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false)
        }}
      >
        <div
          className="gv-select__control"
          onClick={(e) => {
            if (e.target !== e.currentTarget) return
            input.current?.focus()
            setOpen(true)
          }}
        >
          {chips.length ? (
            <ul className="gv-select__chips" aria-label={t('chosen')}>
              {chips.map((v) => (
                <li key={v}>
                  <button
                    type="button"
                    className="gv-select__chip"
                    aria-label={t('remove', { version: v })}
                    onClick={() => {
                      toggle(v)
                      input.current?.focus()
                    }}
                  >
                    {v}
                    <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
                      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            ref={input}
            type="text"
            role="combobox"
            className="gv-select__input"
            aria-label={t('search')}
            aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
            aria-invalid={errorId ? true : undefined}
            aria-expanded={expanded}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            placeholder={chips.length ? t('placeholderMore') : t('placeholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setOpen(true)
              setActive(firstActive(visibleOptions(options, e.target.value, showAll, chosen), e.target.value))
            }}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
        </div>
        <ul ref={list} id={`${id}-list`} role="listbox" aria-multiselectable="true" aria-label={t('listLabel')} className="gv-select__list" hidden={!expanded}>
          {shown.map((o, i) => {
            const selected = chosen.includes(o.version)
            return (
              // Focus stays in the input (aria-activedescendant); mousedown would take it away.
              <li
                key={o.version}
                id={optionId(i)}
                role="option"
                aria-selected={selected}
                className={`gv-select__option${i === active ? ' gv-select__option--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => onOptionClick(e, i)}
                onMouseMove={() => active !== i && setActive(i)}
              >
                <span className="gv-select__check" aria-hidden="true">
                  {selected ? '✓' : ''}
                </span>
                <span>{o.version}</span>
                {o.versionType !== 'release' ? <span className="gv-select__type">{t(`types.${o.versionType === 'snapshot' ? 'snapshot' : o.versionType === 'beta' ? 'beta' : 'alpha'}`)}</span> : null}
              </li>
            )
          })}
        </ul>
      </div>
      {open && !shown.length ? <p className="gv-select__empty">{t('noMatch', { query: query.trim() })}</p> : null}
      <p id={`${id}-hint`} className="project-settings__hint">
        {t('hint')}
      </p>
      <details className="gv-select__range">
        <summary>{t('range')}</summary>
        <div className="gv-select__range-row">
          {(['from', 'to'] as const).map((end) => (
            // Label and select side by side, not nested: a label around a select takes the
            // chosen option into the select's name ("From Choose…").
            <div key={end} className="gv-select__range-end">
              <label htmlFor={`${id}-${end}`}>{t(end)}</label>
              <select id={`${id}-${end}`} className="project-settings__input" value={end === 'from' ? from : to} onChange={(e) => (end === 'from' ? setFrom : setTo)(e.target.value)}>
                <option value="">{t('pick')}</option>
                {typed.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setRangeError(!from || !to)
              if (from && to) addRange(rangeBetween(typed, from, to))
            }}
          >
            {t('addRange')}
          </button>
        </div>
        {rangeError ? (
          <p className="project-settings__field-error" role="alert">
            {t('rangeMissing')}
          </p>
        ) : null}
      </details>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </div>
  )
}
