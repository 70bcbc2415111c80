'use client'

import { useTranslations } from 'next-intl'
import { useState, type MouseEvent } from 'react'

import { COLOR_MODES, serializeColorModeCookie, themeAttribute, type ColorMode } from '@/lib/theme'

import { Icon, type IconName } from './icons'
import { saveColorMode } from './theme-actions'

const ICONS: Record<ColorMode, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' }

/**
 * System / light / dark. Applies the choice at once (data-theme on <html>) and stores it in the
 * colour-mode cookie so the server renders the same theme next time. Without JavaScript the
 * buttons submit a server action that sets the cookie.
 */
export function ThemeSwitch({ initialMode }: { initialMode: ColorMode }) {
  const t = useTranslations('Theme')
  const [mode, setMode] = useState<ColorMode>(initialMode)

  function choose(event: MouseEvent<HTMLButtonElement>, next: ColorMode) {
    event.preventDefault()
    setMode(next)
    document.cookie = serializeColorModeCookie(next, { secure: window.location.protocol === 'https:' })
    // `system` is left to the stylesheet's prefers-color-scheme rules, which also follow live OS changes.
    document.documentElement.dataset.theme = themeAttribute(next)
  }

  return (
    <form action={saveColorMode} className="theme-switch">
      <div role="group" aria-label={t('label')} className="theme-switch__group">
        {COLOR_MODES.map((m) => (
          <button
            key={m}
            type="submit"
            name="mode"
            value={m}
            className="theme-switch__button"
            aria-pressed={mode === m}
            title={t(m)}
            onClick={(event) => choose(event, m)}
          >
            <Icon name={ICONS[m]} size={18} />
            <span className="visually-hidden">{t(m)}</span>
          </button>
        ))}
      </div>
    </form>
  )
}
