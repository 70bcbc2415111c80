'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState, type ReactNode } from 'react'

import {
  DISPLAY_MODE_KEYS,
  DISPLAY_MODES,
  isDisplayMode,
  serializeCosmeticCookie,
  withDisplayMode,
  type BooleanCosmetic,
  type Cosmetics,
  type DisplayModeKey,
  type DisplayModes,
} from '@/lib/cosmetics'
import { COLOR_MODES, DARK_THEMES, type ColorMode, type DarkTheme } from '@/lib/theme'
import { applyColorMode, applyDarkTheme, THEME_CHANGE_EVENT, type ThemeChange } from '@/lib/theme/browser'

import { saveAppearance } from './actions'
import { PalettePreview, SystemPreview } from './PalettePreview'

/** The on/off preferences shown here (hideStagingBanner belongs to the banner's own close button). */
export const APPEARANCE_TOGGLES = [
  'rightSearchLayout',
  'leftContentLayout',
  'advancedRendering',
  'externalLinksNewTab',
  'notUsingBlockers',
  'hideModrinthAppPromos',
] as const satisfies readonly BooleanCosmetic[]
type Toggle = (typeof APPEARANCE_TOGGLES)[number]

/** Toggles that restyle the page already open; the others apply from the next page rendered. */
const LIVE_ATTRIBUTES: Partial<Record<Toggle, (on: boolean) => [string, string | null]>> = {
  advancedRendering: (on) => ['data-advanced-rendering', on ? 'on' : 'off'],
  hideModrinthAppPromos: (on) => ['data-app-promos', on ? 'hidden' : null],
}

function writeCookie<N extends keyof Cosmetics>(name: N, value: Cosmetics[N]) {
  document.cookie = serializeCosmeticCookie(name, value, { secure: window.location.protocol === 'https:' })
}

/**
 * The Appearance settings. With JavaScript every control saves its cookie as soon as it changes (and
 * the theme applies at once); without, the form posts everything to a server action.
 */
export function AppearanceForm({ colorMode, cosmetics }: { colorMode: ColorMode; cosmetics: Cosmetics }) {
  const t = useTranslations('Settings.appearance')
  const [mode, setMode] = useState(colorMode)
  const [dark, setDark] = useState(cosmetics.preferredDarkTheme)
  const [toggles, setToggles] = useState<Record<Toggle, boolean>>(() => Object.fromEntries(APPEARANCE_TOGGLES.map((n) => [n, cosmetics[n]])) as Record<Toggle, boolean>)
  const [modes, setModes] = useState<DisplayModes>(cosmetics.searchDisplayMode)
  const [saves, setSaves] = useState(0)

  // The header's theme button changes the same preference: follow it.
  useEffect(() => {
    const follow = (event: Event) => {
      const { colorMode: m, darkTheme: d } = (event as CustomEvent<ThemeChange>).detail
      if (m) setMode(m)
      if (d) setDark(d)
    }
    window.addEventListener(THEME_CHANGE_EVENT, follow)
    return () => window.removeEventListener(THEME_CHANGE_EVENT, follow)
  }, [])

  const saved = () => setSaves((n) => n + 1)

  function chooseMode(next: ColorMode) {
    setMode(next)
    applyColorMode(next)
    saved()
  }

  function chooseDark(next: DarkTheme) {
    setDark(next)
    applyDarkTheme(next)
    saved()
  }

  function toggle(name: Toggle, on: boolean) {
    setToggles((current) => ({ ...current, [name]: on }))
    writeCookie(name, on)
    const live = LIVE_ATTRIBUTES[name]?.(on)
    if (live) {
      const [attribute, value] = live
      if (value === null) document.documentElement.removeAttribute(attribute)
      else document.documentElement.setAttribute(attribute, value)
    }
    saved()
  }

  function chooseDisplayMode(key: DisplayModeKey, value: string) {
    if (!isDisplayMode(value)) return
    const next = withDisplayMode(modes, key, value)
    setModes(next)
    writeCookie('searchDisplayMode', next)
    saved()
  }

  return (
    <form action={saveAppearance} className="settings-form">
      <fieldset className="settings-card">
        <legend className="settings-card__title">{t('colorTheme.legend')}</legend>
        <p className="settings-card__lead">{t('colorTheme.description')}</p>
        <div className="choice-grid">
          {COLOR_MODES.map((m) => (
            <Choice key={m} name="colorMode" value={m} checked={mode === m} onChange={() => chooseMode(m)} label={t(`colorTheme.${m}`)}>
              {m === 'system' ? <SystemPreview dark={dark} /> : <PalettePreview palette={m === 'light' ? 'light' : dark} />}
            </Choice>
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-card">
        <legend className="settings-card__title">{t('darkTheme.legend')}</legend>
        <p className="settings-card__lead">{t('darkTheme.description')}</p>
        <div className="choice-grid">
          {DARK_THEMES.map((d) => (
            <Choice key={d} name="preferredDarkTheme" value={d} checked={dark === d} onChange={() => chooseDark(d)} label={t(`darkTheme.${d}`)} hint={t(`darkTheme.${d}Hint`)}>
              <PalettePreview palette={d} />
            </Choice>
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-card">
        <legend className="settings-card__title">{t('toggles.legend')}</legend>
        <ul className="toggle-list">
          {APPEARANCE_TOGGLES.map((name) => (
            <li key={name} className="toggle-row">
              <div className="toggle-row__text">
                <label htmlFor={`toggle-${name}`} className="toggle-row__label">
                  {t(`toggles.${name}.label`)}
                </label>
                <p id={`toggle-${name}-hint`} className="toggle-row__hint">
                  {t(`toggles.${name}.hint`)}
                </p>
              </div>
              <input
                id={`toggle-${name}`}
                type="checkbox"
                role="switch"
                className="switch"
                name={name}
                checked={toggles[name]}
                aria-describedby={`toggle-${name}-hint`}
                onChange={(event) => toggle(name, event.currentTarget.checked)}
              />
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="settings-card">
        <legend className="settings-card__title">{t('displayModes.legend')}</legend>
        <p className="settings-card__lead">{t('displayModes.description')}</p>
        <div className="display-mode-grid">
          {DISPLAY_MODE_KEYS.map((key) => (
            <div key={key} className="display-mode-field">
              <label htmlFor={`display-${key}`}>{t(`displayModes.types.${key}`)}</label>
              <select id={`display-${key}`} name={`displayMode.${key}`} className="settings-select" value={modes[key]} onChange={(event) => chooseDisplayMode(key, event.currentTarget.value)}>
                {DISPLAY_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`displayModes.modes.${m}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="settings-form__footer">
        <noscript>
          <button type="submit" className="button button--primary">
            {t('save')}
          </button>
        </noscript>
        {/* A new node per save, so screen readers announce every save, not only the first. */}
        <p className="settings-form__status" role="status">
          {saves > 0 ? <span key={saves}>{t('saved')}</span> : null}
        </p>
      </div>
    </form>
  )
}

function Choice({ name, value, checked, onChange, label, hint, children }: { name: string; value: string; checked: boolean; onChange: () => void; label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="choice">
      {children}
      <span className="choice__text">
        <input type="radio" className="choice__input" name={name} value={value} checked={checked} onChange={onChange} />
        <span className="choice__label">{label}</span>
      </span>
      {hint ? <span className="choice__hint">{hint}</span> : null}
    </label>
  )
}
