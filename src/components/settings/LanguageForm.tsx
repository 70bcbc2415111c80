'use client'

import { useTranslations } from 'next-intl'
import { useState, useTransition } from 'react'

import { AUTOMATIC, filterLanguages, LANGUAGE_SEARCH_THRESHOLD, type LanguageChoice, type LanguageSetting } from '@/i18n/languages'

import { saveLanguage } from './actions'

type Props = {
  choices: LanguageChoice[]
  current: LanguageSetting
  /** The language "Automatic" gives this browser, for the hint under it. */
  automaticName: string
}

/**
 * Automatic or one language (spec §4). Choosing saves at once through the server action, which sets
 * or clears the cookie and re-renders the page in the new language; without JavaScript a Save button
 * posts the same form.
 */
export function LanguageForm({ choices, current, automaticName }: Props) {
  const t = useTranslations('Settings.language')
  const [selected, setSelected] = useState<LanguageSetting>(current)
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle')
  const [pending, startTransition] = useTransition()
  const shown = filterLanguages(choices, query)

  function choose(next: LanguageSetting) {
    const previous = selected
    setSelected(next)
    const data = new FormData()
    data.set('language', next)
    startTransition(async () => {
      try {
        await saveLanguage(data)
        setStatus('saved')
      } catch {
        setSelected(previous)
        setStatus('failed')
      }
    })
  }

  return (
    <form action={saveLanguage} className="settings-form">
      <fieldset className="settings-card" aria-busy={pending}>
        <legend className="settings-card__title">{t('legend')}</legend>
        <p className="settings-card__lead">{t('description')}</p>
        {choices.length >= LANGUAGE_SEARCH_THRESHOLD ? (
          <div className="language-search">
            <label htmlFor="language-search" className="visually-hidden">
              {t('searchLabel')}
            </label>
            <input id="language-search" type="search" className="settings-input" placeholder={t('searchLabel')} value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
          </div>
        ) : null}
        <ul className="language-list">
          <li>
            <label className="language-option">
              <input type="radio" name="language" value={AUTOMATIC} checked={selected === AUTOMATIC} onChange={() => choose(AUTOMATIC)} />
              <span className="language-option__text">
                <span className="language-option__name">{t('automatic')}</span>
                <span className="language-option__hint">{t('automaticHint', { language: automaticName })}</span>
              </span>
            </label>
          </li>
          {shown.map((choice) => (
            <li key={choice.locale}>
              <label className="language-option">
                <input type="radio" name="language" value={choice.locale} checked={selected === choice.locale} onChange={() => choose(choice.locale)} />
                <span className="language-option__text">
                  <span className="language-option__name" lang={choice.locale}>
                    {choice.nativeName}
                  </span>
                  {choice.name !== choice.nativeName ? <span className="language-option__hint">{choice.name}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {shown.length === 0 ? <p className="settings-empty">{t('noMatches')}</p> : null}
      </fieldset>
      <div className="settings-form__footer">
        <noscript>
          <button type="submit" className="button button--primary">
            {t('save')}
          </button>
        </noscript>
        <p className="settings-form__status" role="status">
          {status === 'saved' && !pending ? t('saved') : null}
        </p>
        {status === 'failed' ? (
          <p className="settings-form__error" role="alert">
            {t('loadFailed')}
          </p>
        ) : null}
      </div>
    </form>
  )
}
