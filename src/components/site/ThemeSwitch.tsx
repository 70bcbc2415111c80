'use client'

import { useTranslations } from 'next-intl'
import type { MouseEvent } from 'react'

import type { ActiveTheme } from '@/lib/theme'
import { applyColorMode } from '@/lib/theme/browser'

import { Tooltip } from '@/components/feedback/Tooltip'

import { Icon } from './icons'
import { saveColorMode } from './theme-actions'

/** Each button switches to its theme; its icon is that theme's. */
const TARGETS = [
  { to: 'light', icon: 'sun', label: 'switchToLight' },
  { to: 'dark', icon: 'moon', label: 'switchToDark' },
] as const

/**
 * The header's theme button. Spec §4: "cycle switches to opposite of active mode", so it is one
 * button, not a picker; choosing "system" or the dark palette is on /settings (Appearance).
 * It is two submit buttons, one per direction, and the stylesheet (appearance.css) shows the one
 * leading away from the painted theme, `system` included, so the right one is there before any
 * script runs. With JavaScript the switch applies at once; without, the form posts the server action.
 */
export function ThemeSwitch() {
  const t = useTranslations('Theme')

  function choose(event: MouseEvent<HTMLButtonElement>, next: ActiveTheme) {
    event.preventDefault()
    const form = event.currentTarget.form
    applyColorMode(next)
    // The pressed button is hidden now: keep keyboard focus on the one that took its place.
    form?.querySelector<HTMLButtonElement>(`button[value="${next === 'dark' ? 'light' : 'dark'}"]`)?.focus()
  }

  return (
    <form action={saveColorMode} className="theme-switch theme-cycle">
      {TARGETS.map(({ to, icon, label }) => (
        <Tooltip key={to} text={t(label)} labels>
          <button
            type="submit"
            name="mode"
            value={to}
            className={`theme-switch__button theme-cycle__to-${to}`}
            onClick={(event) => choose(event, to)}
          >
            <Icon name={icon} size={18} />
            <span className="visually-hidden">{t(label)}</span>
          </button>
        </Tooltip>
      ))}
    </form>
  )
}
