import type { ReactNode } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import { getMessages } from 'next-intl/server'

import { clientNamespaces, pickMessages, type ClientMessageSection } from '@/i18n/config'

/**
 * Sends the browser the messages its client components need: the site's own everywhere, a
 * section's (project pages, settings, …) only within it. A nested provider replaces the outer one's
 * messages, so it carries the site's namespaces too.
 */
export async function ClientMessages({ section, children }: { section?: ClientMessageSection; children: ReactNode }) {
  const messages = await getMessages()
  return <NextIntlClientProvider messages={pickMessages(messages, clientNamespaces(section))}>{children}</NextIntlClientProvider>
}
