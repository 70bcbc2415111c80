'use client'

import { useTranslations } from 'next-intl'
import { useSyncExternalStore } from 'react'

import { FLAGS, flagDefault, type FlagKey } from '@/lib/flags/catalogue'
import { readFlag, resetFlags, subscribeFlags, writeFlag } from '@/lib/flags/store'

const snapshot = () => FLAGS.map((f) => (readFlag(f.key) ? '1' : '0')).join('')
const serverSnapshot = () => FLAGS.map((f) => (f.defaultOn ? '1' : '0')).join('')

/** Every flag the site reads, with a switch each; changes apply at once, in every tab. */
export function FlagsForm() {
  const t = useTranslations('Flags')
  const state = useSyncExternalStore(subscribeFlags, snapshot, serverSnapshot)
  const on = (key: FlagKey) => state[FLAGS.findIndex((f) => f.key === key)] === '1'
  return (
    <div className="settings-card">
      <ul className="toggle-list">
        {FLAGS.map(({ key }) => (
          <li key={key} className="toggle-row">
            <div className="toggle-row__text">
              <label htmlFor={`flag-${key}`} className="toggle-row__label">
                {t(`flags.${key}.label`)} <code className="flags__key">{key}</code>
              </label>
              <p id={`flag-${key}-hint`} className="toggle-row__hint">
                {t(`flags.${key}.hint`)} {t(flagDefault(key) ? 'defaultOn' : 'defaultOff')}
              </p>
            </div>
            <input id={`flag-${key}`} type="checkbox" role="switch" className="switch" checked={on(key)} aria-describedby={`flag-${key}-hint`} onChange={(e) => writeFlag(key, e.currentTarget.checked)} />
          </li>
        ))}
      </ul>
      <button type="button" className="button button--secondary" onClick={() => resetFlags()}>
        {t('reset')}
      </button>
    </div>
  )
}
