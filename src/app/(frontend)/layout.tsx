import '@/styles'

import { inter } from '@/styles/fonts'

import type { Metadata, Viewport } from 'next'
import { cookies } from 'next/headers'
import { getLocale, getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { Footer } from '@/components/site/Footer'
import { Header } from '@/components/site/Header'
import { HoldToRandom } from '@/components/search/HoldToRandom'
import { FeedbackRoot } from '@/components/feedback/FeedbackRoot'
import { ClientShell } from '@/components/shell/ClientShell'
import { SiteBanners } from '@/components/shell/SiteBanners'
import { ClientMessages } from '@/components/site/ClientMessages'
import { env } from '@/lib/env'
import { currentBuild } from '@/lib/shell/buildInfo'
import { parseCosmetics } from '@/lib/cosmetics'
import { COLOR_MODE_COOKIE, parseColorMode, themeAttribute, themeColors } from '@/lib/theme'

export async function generateMetadata(): Promise<Metadata> {
  const [meta, site] = await Promise.all([getTranslations('Metadata'), getTranslations('Site')])
  return {
    metadataBase: new URL(env.siteUrl()),
    title: { default: meta('defaultTitle'), template: meta('titleTemplate') },
    description: site('description'),
    applicationName: site('name'),
    openGraph: { siteName: site('name'), type: 'website' },
    // One address for the icon everywhere: the site, the admin panel and the feeds name /icon.svg.
    icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] },
  }
}

/** The browser's UI colour follows the visitor's theme and dark palette (cookies), like the page. */
export async function generateViewport(): Promise<Viewport> {
  const store = await cookies()
  const mode = parseColorMode(store.get(COLOR_MODE_COOKIE)?.value)
  const { preferredDarkTheme } = parseCosmetics((name) => store.get(name)?.value)
  return { colorScheme: 'light dark', themeColor: themeColors(mode, preferredDarkTheme) }
}

/** Root layout of the public site (the Payload admin has its own in src/app/(payload)). */
export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const [locale, cookieStore, nav] = await Promise.all([getLocale(), cookies(), getTranslations('Nav')])
  const colorMode = parseColorMode(cookieStore.get(COLOR_MODE_COOKIE)?.value)
  const cosmetics = parseCosmetics((name) => cookieStore.get(name)?.value)

  return (
    <html
      lang={locale}
      className={inter.variable}
      data-theme={themeAttribute(colorMode)}
      // Cosmetic cookies that restyle the whole site (spec §3), on <html> so the first paint is right; see appearance.css.
      data-dark-theme={cosmetics.preferredDarkTheme}
      data-advanced-rendering={cosmetics.advancedRendering ? 'on' : 'off'}
      data-app-promos={cosmetics.hideModrinthAppPromos ? 'hidden' : undefined}
      suppressHydrationWarning
    >
      <body>
        <ClientMessages>
          <FeedbackRoot>
            <ClientShell buildId={currentBuild().id} />
            <a href="#main" className="skip-link">
              {nav('skipToContent')}
            </a>
            <SiteBanners />
            <Header />
            <main id="main" className="site-main" tabIndex={-1}>
              {children}
            </main>
            <Footer />
            <HoldToRandom />
          </FeedbackRoot>
        </ClientMessages>
      </body>
    </html>
  )
}
