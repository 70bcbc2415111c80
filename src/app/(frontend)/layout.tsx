import '@/styles'

import type { Metadata, Viewport } from 'next'
import { cookies } from 'next/headers'
import { NextIntlClientProvider } from 'next-intl'
import { getLocale, getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { Footer } from '@/components/site/Footer'
import { Header } from '@/components/site/Header'
import { HoldToRandom } from '@/components/search/HoldToRandom'
import { FeedbackRoot } from '@/components/feedback/FeedbackRoot'
import { ClientShell } from '@/components/shell/ClientShell'
import { env } from '@/lib/env'
import { COLOR_MODE_COOKIE, parseColorMode, themeAttribute } from '@/lib/theme'

export async function generateMetadata(): Promise<Metadata> {
  const [meta, site] = await Promise.all([getTranslations('Metadata'), getTranslations('Site')])
  return {
    metadataBase: new URL(env.siteUrl()),
    title: { default: meta('defaultTitle'), template: meta('titleTemplate') },
    description: site('description'),
    applicationName: site('name'),
    openGraph: { siteName: site('name'), type: 'website' },
  }
}

export const viewport: Viewport = {
  colorScheme: 'light dark',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#16191e' },
  ],
}

/** Root layout of the public site (the Payload admin has its own in src/app/(payload)). */
export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const [locale, cookieStore, nav] = await Promise.all([getLocale(), cookies(), getTranslations('Nav')])
  const colorMode = parseColorMode(cookieStore.get(COLOR_MODE_COOKIE)?.value)

  return (
    <html lang={locale} data-theme={themeAttribute(colorMode)} suppressHydrationWarning>
      <body>
        <NextIntlClientProvider>
          <FeedbackRoot>
            <ClientShell />
            <a href="#main" className="skip-link">
              {nav('skipToContent')}
            </a>
            <Header colorMode={colorMode} />
            <main id="main" className="site-main" tabIndex={-1}>
              {children}
            </main>
            <Footer />
            <HoldToRandom />
          </FeedbackRoot>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
