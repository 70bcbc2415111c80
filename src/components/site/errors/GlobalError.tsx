'use client'

import '@/styles'

import { NextIntlClientProvider } from 'next-intl'
import { useEffect, useState } from 'react'

import { DEFAULT_LOCALE } from '@/i18n/config'
import { colorModeFromCookieHeader, themeAttribute } from '@/lib/theme'

import { UhOh } from './UhOh'

type Messages = typeof import('../../../../messages/en-US.json')

/**
 * Replaces the root layout when it fails, so it brings its own document, styles and messages
 * (the default locale: the request's locale is not known here). The messages are fetched when it
 * shows: Next puts this component into every page's JavaScript, and a static import of the
 * catalogue cost every visit ~26 KB (compressed).
 */
export default function GlobalError({ error, retry }: { error: unknown; reset?: () => void; retry: () => void }) {
  useEffect(() => {
    console.error('An error occurred', error)
  }, [error])

  useEffect(() => {
    document.documentElement.dataset.theme = themeAttribute(colorModeFromCookieHeader(document.cookie))
  }, [])

  const [messages, setMessages] = useState<Messages | null>(null)
  useEffect(() => {
    void import('../../../../messages/en-US.json').then((m) => setMessages(m.default))
  }, [])

  return (
    <html lang={DEFAULT_LOCALE} data-theme="system" suppressHydrationWarning>
      <body>
        {messages ? (
          <>
            <title>{messages.Errors.uhOh.title}</title>
            <NextIntlClientProvider locale={DEFAULT_LOCALE} messages={messages} timeZone="UTC">
              <main id="main" className="site-main">
                <UhOh error={error} onRetry={retry} />
              </main>
            </NextIntlClientProvider>
          </>
        ) : (
          <main id="main" className="site-main" aria-busy="true" />
        )}
      </body>
    </html>
  )
}
