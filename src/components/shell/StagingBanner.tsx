'use client'

import { useState, type MouseEvent } from 'react'

import { dismissStagingBanner } from './actions'

/**
 * "This is a staging environment" (spec §2), until dismissed. The dismissal is the
 * `hideStagingBanner` cookie (spec §3), so the server leaves the banner out from then on. The
 * server action writes it (with scripts or without), so the cookie code stays off the client.
 */
export function StagingBanner({ title, text, dismissLabel }: { title: string; text: string; dismissLabel: string }) {
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null

  function dismiss(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault()
    setDismissed(true)
    void dismissStagingBanner()
  }

  return (
    <section className="site-banner site-banner--staging" aria-label={title} data-testid="staging-banner">
      <div className="container site-banner__inner">
        <p className="site-banner__text">
          <strong>{title}</strong> {text}
        </p>
        <form action={dismissStagingBanner}>
          <button type="submit" className="site-banner__dismiss" onClick={dismiss} aria-label={dismissLabel} title={dismissLabel}>
            <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </form>
      </div>
    </section>
  )
}
