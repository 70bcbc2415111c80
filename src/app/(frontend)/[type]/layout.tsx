import type { ReactNode } from 'react'

import { ClientMessages } from '@/components/site/ClientMessages'

/** The project section's client messages (src/i18n/config.ts), on top of the site's. */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages section="project">{children}</ClientMessages>
}
