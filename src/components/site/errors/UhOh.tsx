'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'

import { toDisplayError } from '@/lib/errors'

import { ErrorView } from './ErrorView'
import { COMMUNITY_CHAT_URL, STATUS_PAGE_URL } from './links'

function linkOrText(href: string | null) {
  return function LinkChunk(chunks: ReactNode) {
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {chunks}
      </a>
    ) : (
      <>{chunks}</>
    )
  }
}

/** The "Uh oh!" page for every error that is not a 404 (spec §8). */
export function UhOh({ error, onRetry, homeLink = true }: { error: unknown; onRetry?: () => void; homeLink?: boolean }) {
  const t = useTranslations('Errors')
  const shown = toDisplayError(error)
  return (
    <ErrorView
      title={t('uhOh.title')}
      subtitle={t('uhOh.subtitle')}
      listTitle={t('uhOh.listTitle')}
      items={[
        t.rich('uhOh.statusPage', { link: linkOrText(STATUS_PAGE_URL) }),
        t.rich('uhOh.chat', { link: linkOrText(COMMUNITY_CHAT_URL) }),
      ]}
      details={
        <div className="error-page__details">
          <p className="error-page__code">{t('uhOh.code', { statusCode: String(shown.statusCode) })}</p>
          <p className="error-page__message">{shown.message ?? t('uhOh.unknown')}</p>
          {shown.digest ? <p className="error-page__reference">{t('uhOh.reference', { digest: shown.digest })}</p> : null}
        </div>
      }
      actions={
        <>
          {onRetry ? (
            <button type="button" className="button button--primary" onClick={onRetry}>
              {t('uhOh.tryAgain')}
            </button>
          ) : null}
          {homeLink ? (
            <Link href="/" className="button button--secondary">
              {t('goHome')}
            </Link>
          ) : null}
        </>
      }
    />
  )
}
