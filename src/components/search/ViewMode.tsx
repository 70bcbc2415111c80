'use client'

import { createContext, useContext, useState, type MouseEvent, type ReactNode } from 'react'

import { Tooltip } from '@/components/feedback/Tooltip'
import {
  DISPLAY_MODES,
  parseDisplayModes,
  SEARCH_DISPLAY_MODE_COOKIE,
  serializeDisplayModeCookie,
  withDisplayMode,
  type DisplayMode,
} from '@/lib/search/displayMode'
import { parseCookieHeader } from '@/lib/cookies'

import { saveDisplayMode } from './actions'
import type { CardData } from './cardData'
import { SearchIcon } from '@/components/site/icons'
import { ResultCard } from './ResultCard'

const ViewModeContext = createContext<{ mode: DisplayMode; choose: (mode: DisplayMode) => void }>({ mode: 'list', choose: () => {} })

/** Holds the view mode of one search page; the server passes the mode from the cookie for the first paint. */
export function ViewModeProvider({ type, initial, children }: { type: string; initial: DisplayMode; children: ReactNode }) {
  const [mode, setMode] = useState<DisplayMode>(initial)
  const choose = (next: DisplayMode) => {
    setMode(next)
    const modes = withDisplayMode(parseDisplayModes(parseCookieHeader(document.cookie)[SEARCH_DISPLAY_MODE_COOKIE]), type, next)
    document.cookie = serializeDisplayModeCookie(modes, { secure: window.location.protocol === 'https:' })
  }
  return <ViewModeContext.Provider value={{ mode, choose }}>{children}</ViewModeContext.Provider>
}

const ICONS = { list: 'list', grid: 'grid', gallery: 'gallery' } as const

/**
 * List / grid / gallery. With JavaScript the choice applies at once and is written to the
 * `searchDisplayMode` cookie; without, the buttons submit a server action that sets the cookie.
 */
export function ViewModeSwitch({ type, label, names }: { type: string; label: string; names: Record<DisplayMode, string> }) {
  const { mode, choose } = useContext(ViewModeContext)
  const onClick = (event: MouseEvent<HTMLButtonElement>, next: DisplayMode) => {
    event.preventDefault()
    choose(next)
  }
  return (
    <form action={saveDisplayMode} className="view-switch">
      <input type="hidden" name="type" value={type} />
      <div role="group" aria-label={label} className="view-switch__group">
        {DISPLAY_MODES.map((m) => (
          <Tooltip key={m} text={names[m]} labels>
            <button
              type="submit"
              name="mode"
              value={m}
              className="view-switch__button"
              aria-pressed={mode === m}
              onClick={(event) => onClick(event, m)}
            >
              <SearchIcon name={ICONS[m]} size={18} />
              <span className="visually-hidden">{names[m]}</span>
            </button>
          </Tooltip>
        ))}
      </div>
    </form>
  )
}

/**
 * The result list, laid out by the current view mode. The cards come as data (`cardData`): the first
 * six load their icons at once, and their gallery images too while the gallery view shows them.
 */
export function ResultsList({ label, tagsLabel, cards }: { label: string; tagsLabel: string; cards: CardData[] }) {
  const { mode } = useContext(ViewModeContext)
  return (
    <ol className="search-results" data-view={mode} aria-label={label}>
      {cards.map((card, i) => (
        <li key={card.id}>
          <ResultCard card={card} tagsLabel={tagsLabel} headingLevel="h3" eager={i < 6} eagerMedia={i < 6 && mode === 'gallery'} />
        </li>
      ))}
    </ol>
  )
}
