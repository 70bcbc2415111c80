import Link from 'next/link'
import type { ReactNode } from 'react'

export type SideNavItem = { key: string; href: string; label: string; icon: ReactNode }

/** The section list of settings-like pages (settings, dashboard): a column beside the page, a scrolling row on a phone. */
export function SideNav({ label, title, items, active }: { label: string; title: string; items: SideNavItem[]; active: string }) {
  return (
    // Its title is not a heading: the page's own h1 comes first in the outline.
    <nav className="settings-nav" aria-label={label}>
      <p className="settings-nav__title" aria-hidden="true">
        {title}
      </p>
      <ul className="settings-nav__list">
        {items.map(({ key, href, label: text, icon }) => (
          <li key={key}>
            <Link href={href} className="settings-nav__link" aria-current={key === active ? 'page' : undefined}>
              {icon}
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
