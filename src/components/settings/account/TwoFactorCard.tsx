'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'

import { confirmTwoFactor, startTwoFactor, turnOffTwoFactor, type TwoFactorState } from './twoFactorActions'

function CodeField({ id, state, label }: { id: string; state: TwoFactorState; label: string }) {
  const error = state.fields?.code
  return (
    <div className="project-settings__field">
      <label htmlFor={id} className="project-settings__label">{label}</label>
      <input id={id} name="code" className="project-settings__input two-factor__code" autoComplete="one-time-code" inputMode="numeric" maxLength={32}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? <p id={`${id}-error`} className="project-settings__field-error" role="alert">{error}</p> : null}
    </div>
  )
}

const FormError = ({ state }: { state: TwoFactorState }) => (state.form ? <p className="project-settings__error" role="alert">{state.form}</p> : null)

/** Account settings: turn two-factor sign-in on (QR code, confirm with a code, backup codes once) or off. */
export function TwoFactorCard({ enabled, backupCodesLeft }: { enabled: boolean; backupCodesLeft: number }) {
  const t = useTranslations('AccountSettings')
  const [started, start, starting] = useActionState<TwoFactorState>(startTwoFactor, {})
  const [confirmed, confirm, confirming] = useActionState<TwoFactorState, FormData>(confirmTwoFactor, {})
  const [off, turnOff, turningOff] = useActionState<TwoFactorState, FormData>(turnOffTwoFactor, {})
  const setup = confirmed.setup ?? started.setup
  return (
    <section className="settings-card account-card" aria-labelledby="acct-2fa">
      <h2 id="acct-2fa" className="settings-card__title">{t('twoFactor.heading')}</h2>
      {confirmed.backupCodes ? (
        <div className="two-factor__codes" role="status">
          <p>{confirmed.done}</p>
          <p>{t('twoFactor.backupLead')}</p>
          <ul aria-label={t('twoFactor.backupLabel')} className="two-factor__code-list">
            {confirmed.backupCodes.map((c) => <li key={c}><code>{c}</code></li>)}
          </ul>
        </div>
      ) : enabled ? (
        <>
          <p className="project-settings__hint">{t('twoFactor.on', { count: backupCodesLeft })}</p>
          <form action={turnOff} onSubmit={submitWithoutReset(turnOff)} className="settings-form" noValidate>
            <CodeField id="acct-2fa-off" state={off} label={t('twoFactor.codeOrBackup')} />
            <button type="submit" className="button button--danger" disabled={turningOff}>{t('twoFactor.turnOff')}</button>
            <FormError state={off} />
          </form>
        </>
      ) : off.done ? (
        <p className="project-settings__saved" role="status">{off.done}</p>
      ) : setup ? (
        <>
          <p>{t('twoFactor.scan')}</p>
          <img src={setup.qr} alt={t('twoFactor.qrAlt')} width={180} height={180} className="two-factor__qr" />
          <p className="project-settings__hint">{t('twoFactor.manual')} <code className="two-factor__secret">{setup.secret}</code></p>
          <form action={confirm} onSubmit={submitWithoutReset(confirm)} className="settings-form" noValidate>
            <CodeField id="acct-2fa-code" state={confirmed} label={t('twoFactor.code')} />
            <button type="submit" className="button button--primary" disabled={confirming}>{t('twoFactor.turnOn')}</button>
            <FormError state={confirmed} />
          </form>
        </>
      ) : (
        <>
          <p className="project-settings__hint">{t('twoFactor.off')}</p>
          <form action={start}>
            <button type="submit" className="button button--primary" disabled={starting}>{t('twoFactor.setUp')}</button>
            <FormError state={started} />
          </form>
        </>
      )}
    </section>
  )
}
