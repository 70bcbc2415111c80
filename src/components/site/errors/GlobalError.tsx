'use client'

import '@/styles'

import { NextIntlClientProvider } from 'next-intl'
import { useEffect } from 'react'

import { DEFAULT_LOCALE } from '@/i18n/config'
import { colorModeFromCookieHeader, themeAttribute } from '@/lib/theme'

import messages from '../../../../messages/en-US.json'
import { UhOh } from './UhOh'

/**
 * Replaces the root layout when it fails, so it brings its own document, styles and messages
 * (the default locale: the request's locale is not known here).
 */
export default function GlobalError({ error, retry }: { error: unknown; reset?: () => void; retry: () => void }) {
  useEffect(() => {
    console.error('An error occurred', error)
  }, [error])

  useEffect(() => {
    document.documentElement.dataset.theme = themeAttribute(colorModeFromCookieHeader(document.cookie))
  }, [])

  return (
    <html lang={DEFAULT_LOCALE} data-theme="system" suppressHydrationWarning>
      <body>
        <title>{messages.Errors.uhOh.title}</title>
        <NextIntlClientProvider locale={DEFAULT_LOCALE} messages={messages} timeZone="UTC">
          <main id="main" className="site-main">
            <UhOh error={error} onRetry={retry} />
          </main>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
