'use client'

import { usePathname } from 'next/navigation'
import type { ReactNode } from 'react'

import { SmartLink } from './SmartLink'

/** A header link that marks itself as the current page (also for pages below it, e.g. /news/article/x). */
export function NavLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const pathname = usePathname() ?? '/'
  const current = pathname === href || pathname.startsWith(`${href}/`)
  return (
    <SmartLink href={href} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </SmartLink>
  )
}
