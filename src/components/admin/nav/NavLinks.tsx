'use client'

import { Link, NavGroup } from '@payloadcms/ui'
import { usePathname } from 'next/navigation'

/** A group of links in the admin nav, drawn like Payload's own (its classes, its collapsible group). */
export function NavLinks({ label, links }: { label: string; links: { href: string; label: string }[] }) {
  const pathname = usePathname()
  return (
    <NavGroup label={label}>
      {links.map((link) => {
        const active = pathname === link.href
        return (
          <Link key={link.href} href={link.href} className="nav__link" prefetch={false} aria-current={active ? 'page' : undefined}>
            {active ? <div className="nav__link-indicator" /> : null}
            <span className="nav__link-label">{link.label}</span>
          </Link>
        )
      })}
    </NavGroup>
  )
}
